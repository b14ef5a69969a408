import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

export const TRACKING_SOON = 'Click tracking arrives soon';

/**
 * A link action that is not available yet: focusable (aria-disabled, not disabled) so
 * keyboard and pointer users can reach the tooltip that says why.
 */
export function ComingSoonAction({ icon: Icon, label }: { icon: LucideIcon; label: string }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-disabled="true"
          aria-label={label}
          className="aria-disabled:pointer-events-auto aria-disabled:cursor-not-allowed"
          onClick={(event) => event.preventDefault()}
        >
          <Icon aria-hidden="true" />
          <span className="hidden lg:inline">{label}</span>
        </Button>
      </TooltipTrigger>
      <TooltipContent>{TRACKING_SOON}</TooltipContent>
    </Tooltip>
  );
}
