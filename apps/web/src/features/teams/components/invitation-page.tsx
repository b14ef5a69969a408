import { MailOpenIcon, SearchXIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { toast } from '@/lib/toast';
import { useInvitationPreview } from '../api/preview-invitation';
import { useAcceptInvitationLink } from '../api/respond-to-invitation';
import { clientErrorDetail, TEAM_ERRORS, teamActionMessage } from '../lib/errors';
import { TwoFactorRequiredNote } from './team-two-factor';

/**
 * /invitations/:token — the page an e-mailed invitation link opens. A signed-out visitor signs
 * in or registers and comes back here (`/auth?next=`); a signed-in one accepts, which spends
 * the link, and lands in the team.
 */
export function InvitationPage({ token }: { token: string }) {
  const { user, isLoading } = useAuth();
  const accept = useAcceptInvitationLink();
  const preview = useInvitationPreview(token);
  const navigate = useNavigate();
  const here = `/invitations/${encodeURIComponent(token)}`;
  const next = encodeURIComponent(here);

  if (isLoading || preview.isPending) return <PageSpinner />;

  const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;
  const gone = notFound(accept.error) || notFound(preview.error);
  const invitation = preview.data;
  const role = invitation?.role === 'ADMIN' ? 'an admin' : 'a member';
  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: (member) => {
        toast({ title: 'Welcome to the team', description: 'You accepted the invitation.' });
        void navigate(`/teams/${member.teamId}`, { replace: true });
      },
    });

  let body;
  if (gone)
    body = (
      <>
        <p className="text-sm text-muted-foreground">
          This invitation link no longer works: it was used, revoked or has expired. Ask the person
          who invited you for a new one.
        </p>
        <Button asChild variant="outline">
          <Link to="/dashboard?tab=teams">Go to your teams</Link>
        </Button>
      </>
    );
  else if (!user)
    body = (
      <>
        <p className="text-sm text-muted-foreground">
          Sign in, or create a free account, to accept. You will come back here afterwards.
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          <Button asChild>
            <Link to={`/auth?next=${next}`}>Sign in</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={`/auth?tab=register&next=${next}`}>Create an account</Link>
          </Button>
        </div>
      </>
    );
  else
    body = (
      <>
        <p className="text-sm text-muted-foreground">
          You are signed in as <span className="font-medium text-foreground">{user.username}</span>.
          Accepting adds you to the team: its members will see your username and email address.
        </p>
        {accept.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {clientErrorDetail(accept.error) ??
              teamActionMessage(accept.error, TEAM_ERRORS.answerInvitation)}
          </p>
        ) : null}
        <div className="grid gap-2 sm:grid-cols-2">
          <Button onClick={onAccept} disabled={accept.isPending}>
            {accept.isPending ? 'Joining…' : 'Accept invitation'}
          </Button>
          <Button asChild variant="outline">
            <Link to="/dashboard?tab=teams">Not now</Link>
          </Button>
        </div>
      </>
    );

  const Icon = gone ? SearchXIcon : MailOpenIcon;
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-8 sm:py-16">
      <Card>
        <CardHeader className="items-center pb-4 text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl leading-tight font-semibold tracking-tight break-words [overflow-wrap:anywhere]">
            {gone
              ? 'Invitation not found'
              : invitation
                ? `Join ${invitation.teamName}`
                : 'You are invited to a team'}
          </h1>
          {gone ? null : invitation ? (
            <CardDescription className="[overflow-wrap:anywhere]">
              <span className="font-medium text-foreground">
                {invitation.invitedBy.displayName}
              </span>
              {invitation.invitedBy.displayName !== invitation.invitedBy.username
                ? ` (${invitation.invitedBy.username})`
                : ''}{' '}
              invited you to join{' '}
              <span className="font-medium text-foreground">{invitation.teamName}</span> as {role}{' '}
              on MailtoKit.
            </CardDescription>
          ) : (
            <CardDescription>
              Someone invited you to share mailto links with their team on MailtoKit.
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="grid gap-4">
          {!gone && invitation?.requiresTwoFactor ? (
            <TwoFactorRequiredNote className="rounded-md border bg-muted/50 p-3 text-sm" />
          ) : null}
          {body}
        </CardContent>
      </Card>
    </div>
  );
}
