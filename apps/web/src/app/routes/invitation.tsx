import { useParams } from 'react-router';
import { InvitationPage } from '@/features/teams/components/invitation-page';

/** /invitations/:token — the page an e-mailed team invitation opens. */
export function InvitationRoute() {
  const { token = '' } = useParams();
  return <InvitationPage token={token} />;
}
