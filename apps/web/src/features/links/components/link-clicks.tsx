import type { ListedMailtoLink } from '@mailtokit/contracts/links';
import { MousePointerClickIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { clicksLabel, compactCount } from '../lib/format';

/**
 * A row's click count (human clicks, last 30 days), leading to the link's analytics. Muted
 * while there are none.
 */
export function LinkClicks({ link, className }: { link: ListedMailtoLink; className?: string }) {
  const label = clicksLabel(link.clicks30d);
  return (
    <Link
      to={`/dashboard/analytics/${link.id}`}
      aria-label={`${label}: view analytics`}
      title={`${label} (people, not bots)`}
      data-testid="link-clicks"
      className={cn(
        'inline-flex h-8 min-w-12 shrink-0 items-center gap-1.5 rounded-md px-2 text-[13px] font-medium tabular-nums transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
        link.clicks30d === 0 ? 'text-muted-foreground' : 'text-foreground',
        className,
      )}
    >
      <MousePointerClickIcon aria-hidden="true" className="size-4 shrink-0" />
      {compactCount(link.clicks30d)}
    </Link>
  );
}
