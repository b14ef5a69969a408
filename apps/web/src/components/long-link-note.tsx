import { LONG_LINK_NOTE } from '@mailtokit/contracts/tracking-redirect';
import { InfoIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * Said wherever a saved link's tracking link is made or shown, when its mailto: URL is too
 * long for a redirect (the tracking link then opens a page with a button).
 */
export function LongLinkNote({ className }: { className?: string }) {
  return (
    <p
      data-testid="long-link-note"
      className={cn('flex items-start gap-2 text-[13px] text-muted-foreground', className)}
    >
      <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{LONG_LINK_NOTE}</span>
    </p>
  );
}
