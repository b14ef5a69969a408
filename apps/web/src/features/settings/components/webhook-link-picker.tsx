import { SearchIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import type { LinkChoice } from '../api/get-link-choices';

export interface WebhookLinkPickerProps {
  links: LinkChoice[] | undefined;
  loading: boolean;
  picked: number[];
  onChange: (ids: number[]) => void;
}

/** The links whose name holds `filter` (any case, spaces around it ignored). */
export function filterLinks(links: readonly LinkChoice[], filter: string): LinkChoice[] {
  const wanted = filter.trim().toLocaleLowerCase();
  if (!wanted) return [...links];
  return links.filter((link) => link.name.toLocaleLowerCase().includes(wanted));
}

/**
 * The links a webhook reports: a filter by name over the checkboxes, how many are chosen, and
 * a way to choose or drop every link shown. Chosen links stay chosen while filtered out.
 */
export function WebhookLinkPicker({ links, loading, picked, onChange }: WebhookLinkPickerProps) {
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const countId = useId();
  if (loading) return <Skeleton className="h-16" />;
  if (!links || links.length === 0)
    return <p className="text-sm text-muted-foreground">You have no saved links yet.</p>;

  const shown = filterLinks(links, filter);
  const shownIds = shown.map((link) => link.id);
  const allShownPicked = shownIds.length > 0 && shownIds.every((id) => picked.includes(id));
  const toggleShown = () =>
    onChange(
      allShownPicked
        ? picked.filter((id) => !shownIds.includes(id))
        : [...picked, ...shownIds.filter((id) => !picked.includes(id))],
    );

  return (
    <div className="grid min-w-0 gap-2 rounded-md border p-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative min-w-0 flex-1">
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Label htmlFor={filterId} className="sr-only">
            Filter links by name
          </Label>
          <Input
            id={filterId}
            type="search"
            value={filter}
            placeholder="Filter links by name"
            autoComplete="off"
            aria-describedby={countId}
            onChange={(event) => setFilter(event.target.value)}
            className="pl-9"
          />
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={shown.length === 0}
          onClick={toggleShown}
        >
          {allShownPicked ? 'Clear shown' : 'Choose shown'}
        </Button>
      </div>
      <p id={countId} role="status" className="text-[13px] text-muted-foreground">
        {picked.length} of {links.length} {links.length === 1 ? 'link' : 'links'} chosen
        {filter.trim() ? ` · ${shown.length} shown` : ''}
      </p>
      {shown.length === 0 ? (
        <p className="py-2 text-sm text-muted-foreground">No link name holds “{filter.trim()}”.</p>
      ) : (
        <ul className="grid max-h-56 gap-2 overflow-y-auto sm:grid-cols-2" aria-label="Links">
          {shown.map((link) => (
            <li key={link.id} className="flex min-w-0 items-center gap-3">
              <Checkbox
                id={`webhook-link-${link.id}`}
                checked={picked.includes(link.id)}
                onCheckedChange={(on) =>
                  onChange(on === true ? [...picked, link.id] : picked.filter((x) => x !== link.id))
                }
              />
              <Label
                htmlFor={`webhook-link-${link.id}`}
                title={link.name}
                className="min-w-0 truncate font-normal"
              >
                {link.name}
              </Label>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
