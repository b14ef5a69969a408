import type { Team } from '@mailtokit/contracts/teams';
import { LockIcon, PlusIcon, UsersRoundIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth/use-auth';
import { useTeams } from '../api/get-teams';
import { TEAM_ERRORS } from '../lib/errors';
import { CreateTeamDialog } from './create-team-dialog';
import { DeleteTeamDialog } from './delete-team-dialog';
import { MyInvitations } from './my-invitations';
import { TeamCard } from './team-card';
import { useTeamUpgradePrompt } from './team-upgrade-prompt';

function TeamsSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading teams"
      className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-3"
    >
      {[0, 1, 2].map((i) => (
        <Card key={i} className="flex flex-col gap-4 p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-lg" />
            <Skeleton className="h-5 w-32" />
          </div>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
          <div className="flex items-center justify-between border-t pt-4">
            <Skeleton className="h-7 w-24" />
            <Skeleton className="h-8 w-20" />
          </div>
        </Card>
      ))}
    </div>
  );
}

/** For users not on the TEAM plan: creating needs it (the server decides; this only says so). */
function TeamPlanHint() {
  return (
    <p className="text-sm text-muted-foreground">
      Creating a team is part of the{' '}
      <Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
        Team plan
      </Link>
      . You can accept invitations to other teams on any plan.
    </p>
  );
}

/** The dashboard's teams tab: the caller's teams, Create team, and Delete for owners. */
export function TeamsTab() {
  const { hasTeamAccess, user } = useAuth();
  const teams = useTeams();
  const [createOpen, setCreateOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Team | null>(null);
  const { promptUpgrade, upgradeDialog } = useTeamUpgradePrompt();

  // Creating a team is a Team-plan action: without the plan the offer opens, before any typing
  // (an unknown plan, still loading, lets the server decide). Only those who need the plan see
  // its badge on the button.
  const locked = user !== null && !hasTeamAccess;
  const createButton = (label: string) => (
    <Button
      onClick={() => {
        if (locked) promptUpgrade();
        else setCreateOpen(true);
      }}
    >
      {locked ? <LockIcon aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
      {label}
      {locked ? (
        <Badge variant="secondary" className="ml-1">
          Team plan
        </Badge>
      ) : null}
    </Button>
  );

  let content: ReactNode;
  if (teams.isPending) content = <TeamsSkeleton />;
  else if (teams.isError)
    content = (
      <LoadErrorAlert
        title="Error loading teams"
        message={TEAM_ERRORS.loadTeams}
        retrying={teams.isFetching}
        onRetry={() => void teams.refetch()}
      />
    );
  else if (teams.data.length === 0)
    content = (
      <EmptyState
        icon={UsersRoundIcon}
        title="No teams yet"
        description="Create a team to share links with colleagues, with owner, admin and member roles."
        action={createButton('Create your first team')}
      />
    );
  else
    content = (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 2xl:grid-cols-3">
        {teams.data.map((team) => (
          <TeamCard key={team.id} team={team} onDelete={setToDelete} />
        ))}
      </div>
    );

  return (
    <section aria-labelledby="teams-heading" className="grid grid-cols-1 gap-5">
      <MyInvitations />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 id="teams-heading" className="text-lg font-semibold tracking-tight">
            Your teams
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Teams you own or belong to. Links shared with a team appear in every member&apos;s list.
          </p>
          {!hasTeamAccess ? (
            <div className="mt-1">
              <TeamPlanHint />
            </div>
          ) : null}
        </div>
        <div className="shrink-0">{createButton('Create team')}</div>
      </div>
      {content}
      <CreateTeamDialog
        open={createOpen}
        onOpenChange={setCreateOpen}
        onTeamRequired={promptUpgrade}
      />
      <DeleteTeamDialog team={toDelete} onOpenChange={(open) => !open && setToDelete(null)} />
      {upgradeDialog}
    </section>
  );
}
