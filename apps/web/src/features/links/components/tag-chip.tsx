import type { LinkTag } from '@mailtokit/contracts/tags';
import { cn } from '@/lib/cn';
import { TAG_CHIP_CLASS } from '../lib/tag-colors';

/** A tag as a small coloured chip (its whole name in a tooltip when cut). */
export function TagChip({
  tag,
  className,
}: {
  tag: Pick<LinkTag, 'name' | 'color'>;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex max-w-40 items-center rounded-full px-2 py-0.5 text-xs font-medium',
        TAG_CHIP_CLASS[tag.color],
        className,
      )}
      title={tag.name}
      data-testid="tag-chip"
    >
      <span className="truncate">{tag.name}</span>
    </span>
  );
}
