import { parseId } from '@mailtokit/contracts/ids';
import {
  TEAM_MESSAGES,
  teamPermissions,
  type Team,
  type TeamMember,
} from '@mailtokit/contracts/teams';
import {
  ArrowLeftIcon,
  CalendarIcon,
  CrownIcon,
  LogOutIcon,
  SearchXIcon,
  Trash2Icon,
  UserPlusIcon,
  UsersRoundIcon,
  type LucideIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { isNotFoundError } from '@/lib/errors';
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
import { TeamRoleBadge } from './team-role-badge';

const TEAMS_TAB = '/dashboard?tab=teams';

function BackLink() {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-3 w-fit">
      <Link to={TEAMS_TAB}>
        <ArrowLeftIcon aria-hidden="true" />
        Back to Dashboard
      </Link>
    </Button>
  );
}

function TeamNotFound() {
  return (
    <div className="grid w-full max-w-2xl gap-4">
      <BackLink />
      <Card className="flex flex-col items-start gap-3 p-6">
        <SearchXIcon className="size-8 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-2xl leading-tight font-semibold tracking-tight">
          {TEAM_MESSAGES.notFound}
        </h1>
        <p className="text-muted-foreground">
          This team does not exist, or you are not one of its members.
        </p>
        <Button asChild className="mt-2">
          <Link to={TEAMS_TAB}>Back to your teams</Link>
        </Button>
      </Card>
    </div>
  );
}

function TeamDetailSkeleton() {
  return (
    <div role="status" aria-label="Loading team" className="grid w-full max-w-5xl gap-6">
      <Skeleton className="h-8 w-40" />
      <div className="grid gap-2">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <Skeleton className="h-[8.5rem] rounded-xl sm:h-[4.625rem]" />
      <Skeleton className="h-64 rounded-xl" />
    </div>
  );
}

/** One fact of the team: a row on phones, a tile with an icon from `sm` up. */
function Fact({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 items-center justify-between gap-3 px-4 py-3 sm:relative sm:flex-col sm:items-start sm:justify-center sm:gap-0.5 sm:py-4 sm:pr-4 sm:pl-16">
      <dt className="text-sm text-muted-foreground sm:text-xs sm:font-medium">
        <span className="absolute top-1/2 left-4 hidden size-9 -translate-y-1/2 items-center justify-center rounded-lg bg-primary/10 text-primary sm:flex dark:bg-primary/15">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        {label}
      </dt>
      <dd className="max-w-full min-w-0 truncate font-semibold">{children}</dd>
    </div>
  );
}

function TeamDetail({ teamId }: { teamId: number }) {
  const team = useTeam(teamId);
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

  return (
    <div className="grid w-full max-w-5xl grid-cols-1 gap-6">
      <div className="grid gap-2">
        <BackLink />
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">
                {data.name}
              </h1>
              <TeamRoleBadge role={data.currentUserRole} />
            </div>
            <p
              className={
                data.description
                  ? 'mt-1.5 text-sm break-words whitespace-pre-line text-muted-foreground'
                  : 'mt-1.5 text-sm text-muted-foreground/80 italic'
              }
            >
              {data.description ?? TEAM_MESSAGES.noDescription}
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            {permissions.canAddMembers ? (
              <Button onClick={() => setAddOpen(true)}>
                <UserPlusIcon aria-hidden="true" />
                Invite member
              </Button>
            ) : null}
            {permissions.canLeave ? (
              <Button variant="outline" onClick={() => setLeaveOpen(true)}>
                <LogOutIcon aria-hidden="true" />
                Leave team
              </Button>
            ) : null}
            {permissions.canDeleteTeam ? (
              <Button
                variant="outline"
                className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                onClick={() => setToDelete(data)}
              >
                <Trash2Icon aria-hidden="true" />
                Delete Team
              </Button>
            ) : null}
          </div>
        </div>
      </div>

      <Card>
        <dl className="grid divide-y sm:grid-cols-3 sm:divide-x sm:divide-y-0">
          <Fact icon={CrownIcon} label="Owner">
            {data.owner?.username ?? 'Unknown'}
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

      {permissions.canAddMembers ? <PendingInvitations teamId={data.id} /> : null}

      {permissions.canAddMembers ? (
        <InviteMemberDialog
          teamId={data.id}
          teamName={data.name}
          callerRole={data.currentUserRole}
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

/** /teams/:id — the team, its facts and members; what each role may do. */
export function TeamDetailPage({ teamId }: { teamId: string | undefined }) {
  const id = parseId(teamId);
  if (id === null) return <TeamNotFound />;
  return <TeamDetail key={id} teamId={id} />;
}
