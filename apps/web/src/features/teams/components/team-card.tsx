import { TEAM_MESSAGES, teamPermissions, type Team } from '@mailtokit/contracts/teams';
import { ArrowRightIcon, Trash2Icon, UsersRoundIcon } from 'lucide-react';
import { Link } from 'react-router';
import { UserAvatar } from '@/components/user-avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { memberCountLabel } from '../lib/roles';
import { TeamRoleBadge } from './team-role-badge';

const AVATARS_SHOWN = 4;

export interface TeamCardProps {
  team: Team;
  onDelete: (team: Team) => void;
}

/** A team in the teams tab: name, description, members, the caller's role, View and Delete. */
export function TeamCard({ team, onDelete }: TeamCardProps) {
  const { canDeleteTeam } = teamPermissions(team.currentUserRole);
  const headingId = `team-${team.id}-name`;
  const shown = team.members.slice(0, AVATARS_SHOWN);
  const more = team.memberCount - shown.length;
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 p-5"
      data-testid="team-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary dark:bg-primary/15">
            <UsersRoundIcon className="size-5" aria-hidden="true" />
          </div>
          <h3
            id={headingId}
            // A long name breaks anywhere: three lines on phones, two on wider cards; whole in
            // the title.
            className="line-clamp-3 min-w-0 text-base leading-tight font-semibold [overflow-wrap:anywhere] sm:line-clamp-2"
            title={team.name}
          >
            {team.name}
          </h3>
        </div>
        <TeamRoleBadge role={team.currentUserRole} className="shrink-0" />
      </div>
      {team.description ? (
        <p className="line-clamp-2 text-sm break-words text-muted-foreground">{team.description}</p>
      ) : (
        <p className="text-sm text-muted-foreground/80 italic">{TEAM_MESSAGES.noDescription}</p>
      )}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t pt-4">
        <div className="flex items-center gap-2">
          <div className="flex -space-x-2" aria-hidden="true">
            {shown.map((m) => (
              <UserAvatar
                key={m.userId}
                user={m.user}
                className="size-7 text-[11px] ring-2 ring-card"
              />
            ))}
          </div>
          <span className="text-sm text-muted-foreground">
            {memberCountLabel(team.memberCount)}
            {more > 0 ? <span className="sr-only"> ({more} not shown)</span> : null}
          </span>
        </div>
        <div className="ml-auto flex items-center gap-2">
          {canDeleteTeam ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              onClick={() => onDelete(team)}
              aria-label={`Delete ${team.name}`}
            >
              <Trash2Icon aria-hidden="true" />
              Delete
            </Button>
          ) : null}
          <Button variant="outline" size="sm" asChild>
            <Link to={`/teams/${team.id}`} aria-label={`View ${team.name}`}>
              View
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </Card>
  );
}
