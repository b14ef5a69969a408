import { TEAM_MESSAGES, teamPermissions, type Team } from '@mailtokit/contracts/teams';
import { LogOutIcon, Trash2Icon, UserPlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { BackLink } from './team-detail-parts';
import { TeamRoleBadge } from './team-role-badge';

export interface TeamHeaderProps {
  team: Team;
  onInvite: () => void;
  onLeave: () => void;
  onDelete: () => void;
}

/** The team page's heading: name (two lines at most, whole in its title), role and actions. */
export function TeamHeader({ team, onInvite, onLeave, onDelete }: TeamHeaderProps) {
  const permissions = teamPermissions(team.currentUserRole);
  return (
    <div className="grid gap-2">
      <BackLink />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex min-w-0 items-start gap-x-3 gap-y-2">
            <h1
              className="line-clamp-3 min-w-0 text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] sm:line-clamp-2 sm:text-3xl"
              title={team.name}
            >
              {team.name}
            </h1>
            <TeamRoleBadge role={team.currentUserRole} className="mt-1.5 shrink-0" />
          </div>
          <p
            className={
              team.description
                ? 'mt-1.5 text-sm break-words whitespace-pre-line text-muted-foreground'
                : 'mt-1.5 text-sm text-muted-foreground/80 italic'
            }
          >
            {team.description ?? TEAM_MESSAGES.noDescription}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {permissions.canAddMembers ? (
            <Button onClick={onInvite}>
              <UserPlusIcon aria-hidden="true" />
              Invite member
            </Button>
          ) : null}
          {permissions.canLeave ? (
            <Button variant="outline" onClick={onLeave}>
              <LogOutIcon aria-hidden="true" />
              Leave team
            </Button>
          ) : null}
          {permissions.canDeleteTeam ? (
            <Button
              variant="outline"
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              onClick={onDelete}
            >
              <Trash2Icon aria-hidden="true" />
              Delete team
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
