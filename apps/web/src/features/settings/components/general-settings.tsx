import { CheckIcon, TriangleAlertIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { PlanCard } from '@/components/plan-card';
import { useAuth } from '@/lib/auth/use-auth';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { setTheme, useTheme } from '@/lib/theme';
import { loadPreferences, savePreferences, type Preferences } from '../lib/preferences';
import { TrackingDefaultsCard } from './tracking-defaults-card';

type SettingName = keyof Preferences | 'darkMode';

/** What the last change came to: kept, or refused by the browser. */
type SaveState = { setting: SettingName; ok: boolean } | null;

export const SETTING_SAVED = 'Saved';
export const SETTING_NOT_SAVED = 'Not saved: this browser refuses to store settings.';

interface SettingRowProps {
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The outcome of this row's last change, said quietly beside it. */
  saved: boolean | null;
}

function SettingRow({ label, description, checked, onCheckedChange, saved }: SettingRowProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-6 py-4 first:pt-0 last:pb-0">
      <div className="grid min-w-0 gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-3">
        <span role="status" className="text-xs text-muted-foreground">
          {saved === true ? (
            <span className="flex items-center gap-1">
              <CheckIcon aria-hidden="true" className="size-3.5 text-success" />
              {SETTING_SAVED}
            </span>
          ) : saved === false ? (
            <span className="flex items-center gap-1 text-destructive">
              <TriangleAlertIcon aria-hidden="true" className="size-3.5" />
              <span className="sr-only">{SETTING_NOT_SAVED}</span>
              <span aria-hidden="true">Not saved</span>
            </span>
          ) : null}
        </span>
        <Switch
          id={id}
          checked={checked}
          onCheckedChange={onCheckedChange}
          aria-describedby={`${id}-description`}
        />
      </div>
    </div>
  );
}

/** Settings > General: switches that apply and are kept at once (no Save button). */
export function GeneralSettings() {
  const [preferences, setPreferences] = useState<Preferences>(loadPreferences);
  const [last, setLast] = useState<SaveState>(null);
  const isDark = useTheme() === 'dark';
  const { user } = useAuth();

  const update = (setting: keyof Preferences, value: boolean) => {
    const next = { ...preferences, [setting]: value };
    setPreferences(next);
    setLast({ setting, ok: savePreferences(next) });
  };

  const savedOf = (setting: SettingName) => (last?.setting === setting ? last.ok : null);

  return (
    <div className="grid gap-4">
      {user ? (
        <PlanCard tier={user.subscriptionTier} expiresAt={user.subscriptionExpiresAt} />
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle as="h2">General</CardTitle>
          <CardDescription>
            Preferences for this browser. Each change applies and is kept at once.
          </CardDescription>
        </CardHeader>
        <CardContent className="divide-y">
          <SettingRow
            label="Email notifications"
            description="Receive e-mails about your account and your team."
            checked={preferences.emailNotifications}
            onCheckedChange={(checked) => update('emailNotifications', checked)}
            saved={savedOf('emailNotifications')}
          />
          <SettingRow
            label="Dark mode"
            description="Use the dark theme in this browser."
            checked={isDark}
            onCheckedChange={(checked) => {
              setTheme(checked ? 'dark' : 'light');
              setLast({ setting: 'darkMode', ok: true });
            }}
            saved={savedOf('darkMode')}
          />
          <SettingRow
            label="Save history"
            description="Remember the links you generate in this browser."
            checked={preferences.saveHistory}
            onCheckedChange={(checked) => update('saveHistory', checked)}
            saved={savedOf('saveHistory')}
          />
        </CardContent>
      </Card>
      <TrackingDefaultsCard />
    </div>
  );
}
