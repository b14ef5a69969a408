import { BellOffIcon, MailXIcon } from 'lucide-react';
import { INVITATION_MESSAGES } from '@mailtokit/contracts/invitations';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { useStopInvitationMails } from '../api/stop-invitation-mails';

/**
 * /invitations/stop/:token — the page the "Stop invitation e-mails" link of every invitation
 * e-mail opens. One click (a button, not the visit itself, so that a mail scanner that follows
 * links stops nothing) and no team sends this address an invitation e-mail again. No sign-in.
 */
export function StopInvitationMailsPage({ token }: { token: string }) {
  const stop = useStopInvitationMails();
  const invalid = stop.error instanceof ApiError && stop.error.status === 404;

  let body;
  if (stop.isSuccess)
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        {INVITATION_MESSAGES.stopped} Invitations you already have still work until they expire.
      </p>
    );
  else
    body = (
      <>
        <p className="text-sm text-muted-foreground">
          MailtoKit users can invite this email address to their teams. Stop it here and no team
          sends it an invitation email again.
        </p>
        {stop.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {invalid
              ? INVITATION_MESSAGES.stopLinkInvalid
              : 'Something went wrong. Please try again.'}
          </p>
        ) : null}
        <Button onClick={() => stop.mutate(token)} disabled={stop.isPending}>
          {stop.isPending ? 'Stopping…' : 'Stop invitation emails'}
        </Button>
      </>
    );

  const Icon = stop.isSuccess ? BellOffIcon : MailXIcon;
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-8 sm:py-16">
      <Card>
        <CardHeader className="items-center pb-4 text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl leading-tight font-semibold tracking-tight">
            {stop.isSuccess ? 'Invitation emails stopped' : 'Stop team invitation emails'}
          </h1>
          <CardDescription>For the address this email was sent to.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">{body}</CardContent>
      </Card>
    </div>
  );
}
