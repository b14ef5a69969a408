import { CheckIcon, TriangleAlertIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { PlanCard } from '@/components/plan-card';
import { useAuth } from '@/lib/auth/use-auth';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/errors';
import { setThemeChoice, useThemeChoice, type ThemeChoice } from '@/lib/theme';
import { useAccountSettings, useUpdateAccountSettings } from '@/lib/settings/account-settings';
import { TrackingDefaultsCard } from './tracking-defaults-card';

type SettingName = 'emailNotifications' | 'theme';

/** What the last change came to: kept, or refused (with why). */
type SaveState =
  { setting: SettingName; ok: true } | { setting: SettingName; ok: false; why: string } | null;

export const SETTING_SAVED = 'Saved';

const THEME_OPTIONS = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
] as const satisfies ReadonlyArray<{ value: ThemeChoice; label: string }>;

interface SettingRowProps {
  label: string;
  description: ReactNode;
  /** The control; it is labelled by `label` through `id`. */
  control: (ids: { id: string; describedBy: string }) => ReactNode;
  /** The outcome of this row's last change, said quietly beside it. */
  saved: SaveState;
  /** A control that is not a form field (a group of buttons) names itself. */
  labelFor?: boolean;
}

function SavedNote({ saved }: { saved: SaveState }) {
  return (
    <span role="status" className="text-xs text-muted-foreground">
      {saved?.ok === true ? (
        <span className="flex items-center gap-1">
          <CheckIcon aria-hidden="true" className="size-3.5 text-success" />
          {SETTING_SAVED}
        </span>
      ) : saved?.ok === false ? (
        <span className="flex items-center gap-1 text-destructive">
          <TriangleAlertIcon aria-hidden="true" className="size-3.5" />
          <span className="sr-only">Not saved: {saved.why}</span>
          <span aria-hidden="true">Not saved</span>
        </span>
      ) : null}
    </span>
  );
}

function SettingRow({ label, description, control, saved, labelFor = true }: SettingRowProps) {
  const id = useId();
  const describedBy = `${id}-description`;
  return (
    <div className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="grid min-w-0 gap-1">
        {labelFor ? (
          <Label htmlFor={id}>{label}</Label>
        ) : (
          <p className="text-sm font-medium">{label}</p>
        )}
        <div id={describedBy} className="text-sm text-muted-foreground">
          {description}
        </div>
      </div>
      {/* Stacked (narrow screens), the control starts at the label's edge and the note follows
          it; side by side, the note comes first and the control keeps to the right edge. */}
      <div className="flex shrink-0 flex-row-reverse items-center justify-end gap-3 sm:flex-row">
        <SavedNote saved={saved} />
        {control({ id, describedBy })}
      </div>
    </div>
  );
}

/**
 * Settings > General: settings that apply and are kept at once (no Save button). E-mail
 * notifications are kept on the account; the theme in this browser.
 */
export function GeneralSettings() {
  const [last, setLast] = useState<SaveState>(null);
  const themeChoice = useThemeChoice();
  const { user } = useAuth();
  const settings = useAccountSettings();
  const update = useUpdateAccountSettings();

  const savedOf = (setting: SettingName): SaveState => (last?.setting === setting ? last : null);
  const notifications = update.isPending
    ? (update.variables.emailNotifications ?? true)
    : (settings.data?.emailNotifications ?? true);

  return (
    <div className="grid gap-4">
      {user ? (
        <PlanCard tier={user.subscriptionTier} expiresAt={user.subscriptionExpiresAt} />
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle as="h2">General</CardTitle>
          <CardDescription>Each change applies and is kept at once.</CardDescription>
        </CardHeader>
        <CardContent className="divide-y">
          <SettingRow
            label="Email notifications"
            description={
              <>
                <p>Receive emails about your teams, such as invitations.</p>
                <p className="mt-1">
                  Security emails always arrive: password reset and change, email address change,
                  two-step sign-in turned off.
                </p>
                {settings.isError ? (
                  <p role="alert" className="mt-1 text-destructive">
                    {errorMessage(settings.error)}
                  </p>
                ) : null}
              </>
            }
            saved={savedOf('emailNotifications')}
            control={({ id, describedBy }) => (
              <Switch
                id={id}
                checked={notifications}
                disabled={!settings.data || update.isPending}
                aria-describedby={describedBy}
                onCheckedChange={(checked) =>
                  update.mutate(
                    { emailNotifications: checked },
                    {
                      onSuccess: () => setLast({ setting: 'emailNotifications', ok: true }),
                      onError: (error) =>
                        setLast({
                          setting: 'emailNotifications',
                          ok: false,
                          why: errorMessage(error),
                        }),
                    },
                  )
                }
              />
            )}
          />
          <SettingRow
            label="Theme"
            labelFor={false}
            description="System follows your device's light or dark setting. Kept in this browser."
            saved={savedOf('theme')}
            control={() => (
              <SegmentedControl
                label="Theme"
                size="sm"
                value={themeChoice}
                options={THEME_OPTIONS}
                onChange={(choice) => {
                  setThemeChoice(choice);
                  setLast({ setting: 'theme', ok: true });
                }}
              />
            )}
          />
        </CardContent>
      </Card>
      <TrackingDefaultsCard />
    </div>
  );
}
