import { CheckIcon, SparklesIcon } from 'lucide-react';
import { Link } from 'react-router';
import { planOf } from '@/lib/plans';
import { cn } from '@/lib/cn';
import { Button } from './ui/button';

export const PREMIUM_PANEL_DESCRIPTION =
  'This feature requires a premium subscription to access saved links, tracking, and analytics.';

export interface PremiumPanelProps {
  description?: string;
  /** Heading of the offer. */
  title?: string;
  /** A one-line banner (above a form) instead of the full panel with the plan's features. */
  compact?: boolean;
  className?: string;
}

/**
 * An offer, not an error: what the Premium plan adds and a way to see the plans. Shown in
 * place of something the plan does not include (a list the server refused), or above a form
 * whose main action needs Premium, before anything is typed.
 */
export function PremiumPanel({
  description = PREMIUM_PANEL_DESCRIPTION,
  title = 'Premium feature',
  compact = false,
  className,
}: PremiumPanelProps) {
  const features = planOf('PREMIUM').features.slice(0, 3);
  return (
    <section
      aria-label={title}
      data-testid="premium-panel"
      className={cn(
        'relative overflow-hidden rounded-xl border border-primary/25 bg-gradient-to-br from-primary/10 via-card to-card text-card-foreground dark:from-primary/15',
        compact ? 'px-4 py-3' : 'px-5 py-5 sm:px-6',
        className,
      )}
    >
      <div
        className={cn(
          'flex gap-3',
          compact ? 'flex-col sm:flex-row sm:items-center' : 'flex-col sm:flex-row',
        )}
      >
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary"
        >
          <SparklesIcon className="size-4" />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 className={cn('font-semibold', compact ? 'text-sm' : 'text-base')}>{title}</h2>
          <p className="text-sm text-muted-foreground">{description}</p>
          {compact ? null : (
            <ul className="mt-2 grid gap-1.5 text-sm">
              {features.map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  {feature}
                </li>
              ))}
            </ul>
          )}
        </div>
        <Button
          asChild
          size={compact ? 'sm' : 'default'}
          className={cn('self-start', compact ? 'sm:self-center' : 'sm:self-end')}
        >
          <Link to="/pricing">View premium plans</Link>
        </Button>
      </div>
    </section>
  );
}
