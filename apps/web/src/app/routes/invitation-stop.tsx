import { useParams } from 'react-router';
import { StopInvitationMailsPage } from '@/features/teams/components/stop-invitation-mails-page';

/** /invitations/stop/:token — the one-click "stop invitation e-mails" link of an invitation e-mail. */
export function InvitationStopRoute() {
  const { token = '' } = useParams();
  return <StopInvitationMailsPage token={token} />;
}
