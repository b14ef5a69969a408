import type { TrackingOpens } from '@mailtokit/contracts/tracking';
import { CheckIcon, RotateCwIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/errors';
import { OPENS_CHOICES } from '@/lib/links/tracking-opens';
import { useAccountSettings, useUpdateAccountSettings } from '@/lib/settings/account-settings';
import { toast } from '@/lib/toast';

const SETTING_SAVED = 'Saved';

export const TRACKING_DEFAULT_FAILED =
  'Failed to save how new tracking links open. Please try again.';

/**
 * Settings > General: how the account's new tracking links open, kept on the server (the
 * new-tracking-link dialog starts with it, and so does the API when a request leaves it out).
 * A choice applies at once; existing tracking links keep theirs.
 */
export function TrackingDefaultsCard() {
  const id = useId();
  const settings = useAccountSettings();
  const update = useUpdateAccountSettings();
  const [saved, setSaved] = useState(false);
  // The choice being saved shows at once; the saved value once the server has answered.
  const pending = update.isPending ? update.variables.trackingOpens : undefined;
  const value = pending ?? settings.data?.trackingOpens;

  const choose = (trackingOpens: TrackingOpens) => {
    if (trackingOpens === value || update.isPending) return;
    setSaved(false);
    update.mutate(
      { trackingOpens },
      {
        onSuccess: () => setSaved(true),
        onError: (error) =>
          toast({
            variant: 'destructive',
            description: errorMessage(error) || TRACKING_DEFAULT_FAILED,
          }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Tracking links</CardTitle>
        <CardDescription>
          How your new tracking links open. Each tracking link can be changed later on its
          link&apos;s analytics page.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <div role="status" className="grid gap-2">
            <span className="sr-only">Loading settings…</span>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : settings.isError ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <p role="alert">Failed to load this setting. Please try again later.</p>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void settings.refetch()}
              disabled={settings.isFetching}
            >
              <RotateCwIcon aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : (
          <div className="grid gap-2">
            <fieldset className="grid gap-3">
              <legend className="mb-1 text-sm font-medium">How tracking links open</legend>
              {OPENS_CHOICES.map((choice) => (
                <div key={choice.value} className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    id={`${id}-${choice.value}`}
                    name={`${id}-opens`}
                    value={choice.value}
                    checked={value === choice.value}
                    onChange={() => choose(choice.value)}
                    className="mt-1"
                  />
                  <label htmlFor={`${id}-${choice.value}`}>
                    <span className="font-medium">{choice.label}</span>
                    <span className="block text-muted-foreground">{choice.hint}</span>
                  </label>
                </div>
              ))}
            </fieldset>
            <p role="status" className="min-h-4 text-xs text-muted-foreground">
              {saved && !update.isPending ? (
                <span className="flex items-center gap-1">
                  <CheckIcon aria-hidden="true" className="size-3.5 text-success" />
                  {SETTING_SAVED}
                </span>
              ) : null}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
