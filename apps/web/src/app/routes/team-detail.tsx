import { useParams } from 'react-router';
import { TeamDetailPage } from '@/features/teams/components/team-detail-page';

/** /teams/:id — a team's page (members and roles). */
export function TeamDetailRoute() {
  const { id } = useParams();
  return <TeamDetailPage teamId={id} />;
}
