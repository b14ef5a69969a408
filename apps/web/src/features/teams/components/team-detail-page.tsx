import { parseId } from '@mailtokit/contracts/ids';
import {
  TEAM_SEAT_MESSAGES,
  teamPermissions,
  type Team,
  type TeamMember,
} from '@mailtokit/contracts/teams';
import { CalendarIcon, CircleAlertIcon, CrownIcon, UsersRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { isNotFoundError } from '@/lib/errors';
import { fullName } from '@/lib/user';
import { useTeam } from '../api/get-team';
import { useTeamMembers } from '../api/get-team-members';
import { TEAM_ERRORS } from '../lib/errors';
import { formatDate } from '../lib/roles';
import { DeleteTeamDialog } from './delete-team-dialog';
import { InviteMemberDialog } from './invite-member-dialog';
import { LeaveTeamDialog } from './leave-team-dialog';
import { useRoleChanges } from './member-role-select';
import { MembersTable, MembersTableSkeleton } from './members-table';
import { PendingInvitations } from './pending-invitations';
import { RemoveMemberDialog } from './remove-member-dialog';
import { BackLink, Fact, TEAMS_TAB, TeamDetailSkeleton, TeamNotFound } from './team-detail-parts';
import { TeamHeader } from './team-header';
import { TeamAuditLog } from './team-audit-log';
import { TeamSharedLinks } from './team-shared-links';
import { usePageTitleName } from '@/lib/page-title';
import { TeamTwoFactorPolicy } from './team-two-factor';

function TeamDetail({ teamId }: { teamId: number }) {
  const team = useTeam(teamId);
  usePageTitleName(team.data?.name);
  const members = useTeamMembers(teamId);
  const navigate = useNavigate();
  const [addOpen, setAddOpen] = useState(false);
  const [leaveOpen, setLeaveOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Team | null>(null);
  const [toRemove, setToRemove] = useState<TeamMember | null>(null);
  const roles = useRoleChanges(teamId, team.data?.name ?? '');

  if (team.isPending) return <TeamDetailSkeleton />;
  if (team.isError) {
    if (isNotFoundError(team.error)) return <TeamNotFound />;
    return (
      <div className="grid w-full max-w-5xl gap-4">
        <BackLink />
        <LoadErrorAlert
          title="Error"
          message={TEAM_ERRORS.loadTeam}
          retrying={team.isFetching}
          onRetry={() => void team.refetch()}
        />
      </div>
    );
  }

  const data = team.data;
  const permissions = teamPermissions(data.currentUserRole);
  const created = formatDate(data.createdAt);
  const owner = data.members.find((m) => m.role === 'OWNER');
  const ownerName = owner ? fullName(owner.user) : (data.owner?.username ?? 'Unknown');

  return (
    <div className="grid w-full max-w-5xl grid-cols-1 gap-6">
      <TeamHeader
        team={data}
        onInvite={() => setAddOpen(true)}
        onLeave={() => setLeaveOpen(true)}
        onDelete={() => setToDelete(data)}
      />

      {data.planActive ? null : (
        <Alert variant="info" data-testid="team-plan-ended">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>{TEAM_SEAT_MESSAGES.planEndedTitle}</AlertTitle>
          <AlertDescription>
            {data.currentUserRole === 'OWNER'
              ? TEAM_SEAT_MESSAGES.planEndedOwner
              : TEAM_SEAT_MESSAGES.planEnded}
          </AlertDescription>
        </Alert>
      )}

      <Card>
        <dl className="grid divide-y sm:grid-cols-3 sm:divide-x sm:divide-y-0">
          <Fact icon={CrownIcon} label="Owner" title={ownerName}>
            {ownerName}
          </Fact>
          <Fact icon={UsersRoundIcon} label="Members">
            {data.memberCount}
          </Fact>
          <Fact icon={CalendarIcon} label="Created">
            {created ?? 'Unknown'}
          </Fact>
        </dl>
      </Card>

      <Card>
        <CardHeader className="pb-4">
          <CardTitle as="h2">Members</CardTitle>
          <CardDescription>
            {permissions.canChangeRoles
              ? 'Change roles inline. Admins invite people and remove members; members see the team and its shared links.'
              : permissions.canAddMembers
                ? 'As an admin you invite people and remove members. Only the owner changes roles.'
                : 'Everyone in this team. Only the owner and admins manage members.'}
          </CardDescription>
        </CardHeader>
        <div className="border-t">
          {members.isPending ? (
            <MembersTableSkeleton />
          ) : members.isError ? (
            <div className="p-4 sm:p-6">
              <LoadErrorAlert
                title="Error"
                message={TEAM_ERRORS.loadMembers}
                retrying={members.isFetching}
                onRetry={() => void members.refetch()}
              />
            </div>
          ) : (
            <MembersTable team={data} members={members.data} onRemove={setToRemove} roles={roles} />
          )}
        </div>
      </Card>

      <TeamSharedLinks teamId={data.id} planActive={data.planActive} />

      <TeamTwoFactorPolicy team={data} />

      {permissions.canAddMembers ? <PendingInvitations teamId={data.id} /> : null}

      {permissions.canReadAudit ? (
        <TeamAuditLog teamId={data.id} members={members.data ?? data.members} />
      ) : null}

      {permissions.canAddMembers ? (
        <InviteMemberDialog
          teamId={data.id}
          teamName={data.name}
          callerRole={data.currentUserRole}
          planActive={data.planActive}
          open={addOpen}
          onOpenChange={setAddOpen}
        />
      ) : null}
      {roles.transferDialog}
      <RemoveMemberDialog
        teamId={data.id}
        teamName={data.name}
        member={toRemove}
        onOpenChange={(open) => !open && setToRemove(null)}
      />
      {permissions.canLeave ? (
        <LeaveTeamDialog
          teamId={data.id}
          teamName={data.name}
          userId={data.currentUserId}
          open={leaveOpen}
          onOpenChange={setLeaveOpen}
        />
      ) : null}
      <DeleteTeamDialog
        team={toDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
        onDeleted={() => void navigate(TEAMS_TAB)}
      />
    </div>
  );
}

/** /teams/:id — the team, its facts, members and shared links; what each role may do. */
export function TeamDetailPage({ teamId }: { teamId: string | undefined }) {
  const id = parseId(teamId);
  if (id === null) return <TeamNotFound />;
  return <TeamDetail key={id} teamId={id} />;
}
