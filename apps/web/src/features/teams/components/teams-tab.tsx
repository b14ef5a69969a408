import { PlusIcon, UsersRoundIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

/** The teams tab of the dashboard; replaced by the team list in the next release. */
export function TeamsTab() {
  return (
    <EmptyState
      icon={UsersRoundIcon}
      title="No teams yet"
      description="Create a team to share links with colleagues, with owner, admin and member roles."
      action={
        <Tooltip>
          <TooltipTrigger asChild>
            {/* aria-disabled (not disabled) keeps the button focusable so the tooltip can explain why. */}
            <Button
              aria-disabled="true"
              className="aria-disabled:pointer-events-auto aria-disabled:cursor-not-allowed"
              onClick={(event) => event.preventDefault()}
            >
              <PlusIcon aria-hidden="true" />
              Create your first team
            </Button>
          </TooltipTrigger>
          <TooltipContent>Teams arrive soon</TooltipContent>
        </Tooltip>
      }
    />
  );
}
