import { FILTERED_CLASSES, type FilteredClass } from '@mailtokit/contracts/analytics';
import { Card } from '@/components/ui/card';
import { formatCount, plural } from '../lib/format';

export type FilteredFigures = Record<FilteredClass, number>;

/** How each reason reads in a sentence (singular, plural), and its colour in the bar. */
const REASONS: Record<FilteredClass, { one: string; many: string; color: string }> = {
  scanner: { one: 'email scanner', many: 'email scanners', color: 'bg-amber-500' },
  preview: { one: 'preview', many: 'previews', color: 'bg-sky-500' },
  bot: { one: 'bot', many: 'bots', color: 'bg-slate-500' },
  prefetch: { one: 'prefetch', many: 'prefetches', color: 'bg-violet-500' },
  repeat: { one: 'repeat', many: 'repeats', color: 'bg-rose-500' },
  embedded: { one: 'hit from inside a page', many: 'hits from inside pages', color: 'bg-teal-500' },
};

/** Reasons most first, ties in the order of REASONS; only those that happened. */
function reasonsOf(filtered: FilteredFigures): { reason: FilteredClass; count: number }[] {
  const order = Object.keys(REASONS) as FilteredClass[];
  return FILTERED_CLASSES.map((reason) => ({ reason, count: filtered[reason] }))
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count || order.indexOf(a.reason) - order.indexOf(b.reason));
}

/** "31 e-mail scanners, 4 previews, 2 repeats". */
export function filteredSentence(filtered: FilteredFigures): string {
  return reasonsOf(filtered)
    .map(({ reason, count }) => plural(count, REASONS[reason].one, REASONS[reason].many))
    .join(', ');
}

/**
 * The hits left out of the counts, by reason, as a sentence and a stacked bar, with what they
 * are. Nothing when every hit was a person's click.
 */
export function FilteredCard({ filtered }: { filtered: FilteredFigures | null }) {
  if (!filtered) return null;
  const reasons = reasonsOf(filtered);
  const total = reasons.reduce((n, r) => n + r.count, 0);
  if (total === 0) return null;
  return (
    <Card className="grid gap-2 p-4 sm:p-5" data-testid="filtered-breakdown">
      <h2 className="text-sm font-medium">
        Not counted: <span className="font-normal">{filteredSentence(filtered)}</span>
      </h2>
      <div className="flex h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
        {reasons.map(({ reason, count }) => (
          <div
            key={reason}
            className={REASONS[reason].color}
            style={{ width: `${(count / total) * 100}%` }}
            title={`${formatCount(count)} ${REASONS[reason].many}`}
          />
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        Mail security scanners, link previews, prefetches, repeated hits and hits from frames or
        images inside other pages still get the redirect but are left out of clicks and visitors, so
        the numbers above are people.
      </p>
    </Card>
  );
}
