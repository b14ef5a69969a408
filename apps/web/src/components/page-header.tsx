import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  /** Classes of the description (e.g. `max-sm:sr-only` to leave it out of a phone's screen). */
  descriptionClassName?: string;
  /** The actions stay beside the title on phones too (a short title and one action). */
  inline?: boolean;
}

/** Title row of a dashboard page. */
export function PageHeader({
  title,
  description,
  actions,
  className,
  descriptionClassName,
  inline = false,
}: PageHeaderProps) {
  return (
    <div
      className={cn(
        'flex gap-4 sm:flex-row sm:items-center sm:justify-between',
        inline ? 'flex-row items-center justify-between' : 'flex-col',
        className,
      )}
    >
      <div className="min-w-0">
        {/* A long title (a link's or a team's name) breaks anywhere, three lines at most on
            phones, whole in its tooltip. */}
        <h1
          className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] max-sm:line-clamp-3 sm:text-3xl"
          title={title}
        >
          {title}
        </h1>
        {description ? (
          <p className={cn('mt-1.5 text-sm text-muted-foreground', descriptionClassName)}>
            {description}
          </p>
        ) : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
