import { useQuery } from '@tanstack/react-query';
import { ArchiveIcon, Link2Icon, PlusIcon, SearchXIcon, TagsIcon, XIcon } from 'lucide-react';
import { lazy, Suspense, useCallback, useDeferredValue, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { MenuOnFirstUse } from '@/components/menu-on-first-use';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PremiumPanel } from '@/components/premium-panel';
import { Button } from '@/components/ui/button';
import { NativeCheckbox } from '@/components/ui/native-checkbox';
import { isPremiumRequiredError } from '@/lib/errors';
import {
  LINKS_PAGE_SIZE,
  linksPageQueryOf,
  linksPageQueryOptions,
  useLinksPage,
} from '../api/get-links';
import { useShareTeams } from '../api/get-share-teams';
import { useLinksBeingDeleted } from '../api/delete-link';
import { useTags } from '../api/tags';
import { readListState, showingLabel, writeListState, type LinkListState } from '../lib/list-state';
import { CsvMenuButton } from './csv-menu-button';
import { ImportCsvButton } from './import-csv-button';
import { LinkCard } from './link-card';
import { LinksFilters } from './links-filters';
import { Pager } from './links-pager';
import { LinksSkeleton } from './links-skeleton';

const loadCsvMenu = () => import('./csv-menu');
const CsvMenu = lazy(() => loadCsvMenu().then((m) => ({ default: m.CsvMenu })));
const SelectionBar = lazy(() =>
  import('./selection-bar').then((m) => ({ default: m.SelectionBar })),
);
const TagManagerDialog = lazy(() =>
  import('./tag-manager-dialog').then((m) => ({ default: m.TagManagerDialog })),
);

/** More rows than a first screen shows: the rows after them are painted as they scroll in. */
const FIRST_SCREEN_ROWS = 12;

/**
 * The links tab of the dashboard: search (kept in `?q=`), filter, order and pages of 50, with
 * CSV export and import; loading, error, premium and empty states.
 */
export function LinksTab() {
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const teams = useShareTeams();
  const links = useLinksPage(linksPageQueryOf(state));
  const tags = useTags();
  const tagNames = (tags.data ?? []).map((t) => t.name);
  const [managingTags, setManagingTags] = useState(false);
  const [tagsUsed, setTagsUsed] = useState(false);
  // The chosen links: those of the page on screen; a new search, filter or page starts afresh.
  const listKey = JSON.stringify(state);
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<number> }>({
    key: listKey,
    ids: new Set(),
  });
  if (selection.key !== listKey) setSelection({ key: listKey, ids: new Set() });
  const selectAllId = useId();
  // A page of cards is drawn in the background, in slices, the browser staying responsive:
  // the placeholder (first load) or the previous page stays on screen until it is ready.
  const data = useDeferredValue(links.data, undefined);
  const beingDeleted = useLinksBeingDeleted();
  // An empty list may hide archived links: asked only then, for the way to them.
  const listEmpty =
    data !== undefined && data.total === 0 && state.q.trim() === '' && state.filter === 'all';
  const archived = useQuery({
    ...linksPageQueryOptions({
      ...linksPageQueryOf({ ...state, filter: 'archived', page: 1 }),
      limit: 1,
    }),
    enabled: listEmpty,
  });
  const archivedCount = listEmpty ? (archived.data?.total ?? 0) : 0;

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
        title="Error loading links"
        message="Failed to load your links. Please try again later."
        retrying={links.isFetching}
        onRetry={() => void links.refetch()}
      />
    );
  }

  if (!data) return <LinksSkeleton />;
  // Links deleted a moment ago wait for their Undo time out of sight.
  const rows = data.links.filter((link) => !beingDeleted.has(link.id));
  const total = data.total - (data.links.length - rows.length);
  const narrowed = state.q.trim() !== '' || state.filter !== 'all' || state.tag !== '';
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
                  Create new link
                </Link>
              </Button>
              <ImportCsvButton />
              {archivedCount > 0 ? (
                <Button variant="outline" onClick={() => update({ filter: 'archived', page: 1 })}>
                  <ArchiveIcon aria-hidden="true" />
                  {archivedCount === 1
                    ? 'Show 1 archived link'
                    : `Show ${archivedCount} archived links`}
                </Button>
              ) : null}
            </>
          }
        />
      </div>
    );

  const pages = Math.max(1, Math.ceil(total / LINKS_PAGE_SIZE));
  const chosen = rows.filter((link) => selection.ids.has(link.id));
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const choose = (ids: Iterable<number>, on: boolean) =>
    setSelection((previous) => {
      const next = new Set(previous.ids);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return { key: previous.key, ids: next };
    });
  const clearSelection = () => setSelection({ key: listKey, ids: new Set() });

  return (
    <section aria-labelledby="your-links-title" className="grid gap-2.5">
      {/* The tab says "Links" already; "New link" is the page's own action, above. */}
      <h2 id="your-links-title" className="sr-only">
        Your links
      </h2>
      <LinksFilters
        state={state}
        teams={teams}
        onSearch={onSearch}
        onChange={update}
        tagNames={tagNames}
        actions={
          <>
            <Button
              variant="outline"
              size="icon"
              aria-label="Manage tags"
              title="Manage tags"
              onClick={() => {
                setTagsUsed(true);
                setManagingTags(true);
              }}
            >
              <TagsIcon aria-hidden="true" />
            </Button>
            <MenuOnFirstUse
              load={loadCsvMenu}
              button={(triggerProps) => <CsvMenuButton {...triggerProps} />}
              menu={<CsvMenu />}
            />
          </>
        }
      />

      <div className="flex items-center gap-3">
        {rows.length > 0 ? (
          <div className="flex items-center gap-2 pl-3 sm:pl-3">
            <NativeCheckbox
              id={selectAllId}
              checked={allChosen ? true : chosen.length > 0 ? 'indeterminate' : false}
              onCheckedChange={(checked) =>
                choose(
                  rows.map((r) => r.id),
                  checked,
                )
              }
              data-testid="select-all"
            />
            <label htmlFor={selectAllId} className="text-sm text-muted-foreground select-none">
              Select all on page
            </label>
          </div>
        ) : null}
        <p
          className="ml-auto text-sm text-muted-foreground"
          aria-live="polite"
          data-testid="links-showing"
          aria-busy={links.isFetching || undefined}
        >
          {showingLabel(data.offset, rows.length, total)}
        </p>
      </div>

      {rows.length === 0 ? (
        <EmptyState
          icon={SearchXIcon}
          title={total === 0 ? 'No links match' : 'Nothing on this page'}
          description={
            total === 0
              ? state.q.trim()
                ? `No link’s name, recipients, subject or tags contain “${state.q.trim()}”${narrowedByFilter(state) ? ' with this filter' : ''}.`
                : state.filter === 'archived'
                  ? 'No archived links. Archive a link from its menu: it leaves the list and its tracking links keep working.'
                  : state.tag !== ''
                    ? `No links with the tag “${state.tag}”${state.filter !== 'all' ? ' and this filter' : ''}.`
                    : 'No links with this filter.'
              : 'This page is past the last link.'
          }
          action={
            <Button
              variant="outline"
              onClick={() =>
                update(total === 0 ? { q: '', filter: 'all', tag: '', page: 1 } : { page: 1 })
              }
            >
              <XIcon aria-hidden="true" />
              {total === 0 ? 'Clear search and filter' : 'Back to the first page'}
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-1.5" aria-label="Links">
          {rows.map((link, index) => (
            <li key={link.id}>
              <LinkCard
                link={link}
                hideTeam={typeof state.filter === 'number'}
                deferPaint={index >= FIRST_SCREEN_ROWS}
                selection={{
                  checked: selection.ids.has(link.id),
                  onCheckedChange: (checked) => choose([link.id], checked),
                }}
              />
            </li>
          ))}
        </ul>
      )}

      <Pager page={state.page} pages={pages} onPage={(page) => update({ page }, true)} />

      {chosen.length > 0 ? (
        <Suspense fallback={null}>
          <SelectionBar
            selected={chosen}
            archivedView={state.filter === 'archived'}
            teams={teams}
            onClear={clearSelection}
          />
        </Suspense>
      ) : null}
      {tagsUsed ? (
        <Suspense fallback={null}>
          <TagManagerDialog open={managingTags} onOpenChange={setManagingTags} />
        </Suspense>
      ) : null}
    </section>
  );
}

/** Whether the list is narrowed by more than the search. */
const narrowedByFilter = (state: LinkListState) => state.filter !== 'all' || state.tag !== '';
