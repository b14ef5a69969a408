import type { Team } from '@mailtokit/contracts/teams';
import { ShieldCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { ApiError } from '@/lib/api-client';
import { toast, toastError } from '@/lib/toast';
import { useUpdateTeam } from '../api/update-team';

/** Where two-step sign-in is turned on. */
export const SECURITY_SETTINGS = '/dashboard/settings?tab=security';

/** The server's 403 `TWO_FACTOR_REQUIRED`: the team requires two-step sign-in, the caller has none. */
export function isTwoFactorRequiredError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'TWO_FACTOR_REQUIRED';
}

/** Why a member cannot open the team's links, and where to fix it. */
export function TwoFactorRequiredNote({ className }: { className?: string }) {
  return (
    <p className={className} data-testid="team-two-factor-required">
      This team requires two-step sign-in. Its links open for you once you turn it on (an
      authenticator app or a passkey) in{' '}
      <Link
        to={SECURITY_SETTINGS}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        Settings &gt; Security
      </Link>
      .
    </p>
  );
}

/**
 * The team's two-step sign-in policy: a switch for the owner (applied at once), a sentence for
 * everyone else.
 */
export function TeamTwoFactorPolicy({ team }: { team: Team }) {
  const update = useUpdateTeam(team.id);
  const owner = team.currentUserRole === 'OWNER';
  if (!owner && !team.requireTwoFactor) return null;
  const description = owner
    ? 'Members without two-step sign-in (an authenticator app or a passkey) stay in the team but cannot open its links until they turn it on.'
    : 'The owner requires two-step sign-in of every member to open the team’s links.';
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h2">Two-step sign-in</CardTitle>
        <CardDescription id="team-two-factor-description">{description}</CardDescription>
      </CardHeader>
      {owner ? (
        <CardContent className="flex items-center justify-between gap-4 border-t pt-6">
          <Label htmlFor="team-require-two-factor" className="flex items-center gap-2">
            <ShieldCheckIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            Require two-step sign-in of members
          </Label>
          <Switch
            id="team-require-two-factor"
            checked={update.isPending ? update.variables.requireTwoFactor : team.requireTwoFactor}
            disabled={update.isPending}
            aria-describedby="team-two-factor-description"
            onCheckedChange={(checked) =>
              update.mutate(
                { requireTwoFactor: checked },
                {
                  onSuccess: () =>
                    toast({
                      title: checked
                        ? 'Two-step sign-in is required'
                        : 'Two-step sign-in is no longer required',
                    }),
                  onError: (error) => toastError(error),
                },
              )
            }
          />
        </CardContent>
      ) : null}
    </Card>
  );
}
