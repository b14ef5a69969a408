import {
  ChevronLeftIcon,
  ChevronRightIcon,
  DownloadIcon,
  Link2Icon,
  PlusIcon,
  SearchIcon,
  SearchXIcon,
  XIcon,
} from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PremiumPanel } from '@/components/premium-panel';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { isPremiumRequiredError } from '@/lib/errors';
import { LINKS_PAGE_SIZE, linksPageQueryOf, useLinksPage } from '../api/get-links';
import { useShareTeams } from '../api/get-share-teams';
import { EXPORT_CSV_PATH } from '../api/import-links';
import {
  LINK_ORDERS,
  readListState,
  showingLabel,
  writeListState,
  type LinkListState,
  type LinkOrderKey,
} from '../lib/list-state';
import { ImportCsvButton } from './import-csv-button';
import { LinkCard } from './link-card';

/** How long typing must pause before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

/** Three placeholder rows while the list loads. */
function LinksSkeleton() {
  return (
    <div role="status" className="grid gap-2" data-testid="links-skeleton">
      <span className="sr-only">Loading your links…</span>
      {[0, 1, 2].map((row) => (
        <Card key={row} className="grid gap-2 px-4 py-3">
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-4 w-2/3" />
        </Card>
      ))}
    </div>
  );
}

/** The search box: typed text goes to the address (and the list) after a short pause. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  // The address changed from outside (back button, clear): show what it says.
  if (value !== synced) {
    setSynced(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className="relative min-w-0 flex-1 sm:max-w-sm">
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        aria-label="Search links"
        placeholder="Search name, recipients, subject"
        className="pl-9"
        value={text}
        maxLength={200}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch(text);
        }}
      />
    </div>
  );
}

function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages of links" className="flex items-center justify-center gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeftIcon aria-hidden="true" />
        Previous
      </Button>
      <span className="px-2 text-sm text-muted-foreground tabular-nums">
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </nav>
  );
}

/**
 * The links tab of the dashboard: search (kept in `?q=`), filter, order and pages of 50, with
 * CSV export and import; loading, error, premium and empty states.
 */
export function LinksTab() {
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const teams = useShareTeams();
  const links = useLinksPage(linksPageQueryOf(state));
  // A page of cards is drawn in the background, in slices, the browser staying responsive:
  // the placeholder (first load) or the previous page stays on screen until it is ready.
  const data = useDeferredValue(links.data, undefined);

  const update = useCallback(
    (change: Partial<LinkListState>, push = false) =>
      setParams((previous) => writeListState(previous, { ...readListState(previous), ...change }), {
        replace: !push,
      }),
    [setParams],
  );
  const onSearch = useCallback((q: string) => update({ q, page: 1 }), [update]);

  if (links.isPending) return <LinksSkeleton />;

  if (links.isError) {
    if (isPremiumRequiredError(links.error)) return <PremiumPanel />;
    return (
      <LoadErrorAlert
        title="Error Loading Links"
        message="Failed to load your links. Please try again later."
        retrying={links.isFetching}
        onRetry={() => void links.refetch()}
      />
    );
  }

  if (!data) return <LinksSkeleton />;
  const { links: rows, total } = data;
  const narrowed = state.q.trim() !== '' || state.filter !== 'all';
  if (total === 0 && !narrowed && !links.isPlaceholderData)
    return (
      <div className="grid gap-4">
        <EmptyState
          icon={Link2Icon}
          title="No saved links yet"
          description="Save a mailto link to reuse it, share it with your team or track its clicks. Or bring your links in from a spreadsheet."
          action={
            <>
              <Button asChild>
                <Link to="/dashboard/create-link">
                  <PlusIcon aria-hidden="true" />
                  Create New Link
                </Link>
              </Button>
              <ImportCsvButton />
            </>
          }
        />
      </div>
    );

  const pages = Math.max(1, Math.ceil(total / LINKS_PAGE_SIZE));

  return (
    <section aria-labelledby="your-links-title" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="your-links-title" className="text-lg font-semibold tracking-tight">
          Your Links
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <ImportCsvButton />
          <Button asChild size="sm" variant="outline">
            <a href={EXPORT_CSV_PATH} download>
              <DownloadIcon aria-hidden="true" />
              Export CSV
            </a>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to="/dashboard/create-link">
              <PlusIcon aria-hidden="true" />
              New Link
            </Link>
          </Button>
        </div>
      </div>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center" role="search">
        <SearchBox value={state.q} onSearch={onSearch} />
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <NativeSelect
            aria-label="Show"
            value={typeof state.filter === 'number' ? `team-${state.filter}` : state.filter}
            onChange={(e) => {
              const v = e.target.value;
              update({
                filter: v === 'all' || v === 'private' ? v : Number(v.slice('team-'.length)),
                page: 1,
              });
            }}
            className="sm:w-44"
          >
            <option value="all">All links</option>
            <option value="private">Private links</option>
            {teams.map((team) => (
              <option key={team.id} value={`team-${team.id}`}>
                Team: {team.name}
              </option>
            ))}
            {typeof state.filter === 'number' && !teams.some((t) => t.id === state.filter) ? (
              <option value={`team-${state.filter}`}>Team #{state.filter}</option>
            ) : null}
          </NativeSelect>
          <NativeSelect
            aria-label="Sort"
            value={state.orderKey}
            onChange={(e) => update({ orderKey: e.target.value as LinkOrderKey, page: 1 })}
            className="sm:w-44"
          >
            {Object.entries(LINK_ORDERS).map(([key, o]) => (
              <option key={key} value={key}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      <p
        className="text-sm text-muted-foreground"
        aria-live="polite"
        data-testid="links-showing"
        aria-busy={links.isFetching || undefined}
      >
        {showingLabel(data.offset, rows.length, total)}
      </p>

      {rows.length === 0 ? (
        <EmptyState
          icon={SearchXIcon}
          title={total === 0 ? 'No links match' : 'Nothing on this page'}
          description={
            total === 0
              ? state.q.trim()
                ? `No link’s name, recipients or subject contains “${state.q.trim()}”${state.filter !== 'all' ? ' with this filter' : ''}.`
                : 'No links with this filter.'
              : 'This page is past the last link.'
          }
          action={
            <Button
              variant="outline"
              onClick={() => update(total === 0 ? { q: '', filter: 'all', page: 1 } : { page: 1 })}
            >
              <XIcon aria-hidden="true" />
              {total === 0 ? 'Clear search and filter' : 'Back to the first page'}
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-2" aria-label="Links">
          {rows.map((link) => (
            <li key={link.id}>
              <LinkCard link={link} />
            </li>
          ))}
        </ul>
      )}

      <Pager page={state.page} pages={pages} onPage={(page) => update({ page }, true)} />
    </section>
  );
}
