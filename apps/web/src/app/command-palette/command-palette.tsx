import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { FileTextIcon, LayoutGridIcon, Link2Icon, UsersRoundIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { navigateOrAsk } from '@/components/unsaved-changes-prompt';
import { getLinksPage, type LinksPageQuery } from '@/features/links/api/get-links';
import { getTeamsQueryOptions } from '@/features/teams/api/get-teams';
import { queryKeys } from '@/lib/query-keys';

/** How long typing must pause before links are searched. */
export const PALETTE_SEARCH_DEBOUNCE_MS = 250;
/** Links the palette shows at most. */
export const PALETTE_LINKS = 8;

/** The dashboard's pages and tabs, as the palette offers them. */
export const PALETTE_PAGES: readonly { label: string; to: string; keywords?: string }[] = [
  { label: 'Links', to: '/dashboard?tab=links', keywords: 'dashboard saved' },
  { label: 'Analytics', to: '/dashboard?tab=analytics', keywords: 'clicks stats' },
  { label: 'Teams', to: '/dashboard?tab=teams', keywords: 'members' },
  { label: 'New link', to: '/dashboard/create-link', keywords: 'create add' },
  { label: 'Profile', to: '/dashboard/profile', keywords: 'name email account' },
  { label: 'Settings', to: '/dashboard/settings', keywords: 'general preferences' },
  { label: 'Security settings', to: '/dashboard/settings?tab=security', keywords: 'password' },
  { label: 'API tokens', to: '/dashboard/settings?tab=tokens', keywords: 'settings' },
  { label: 'Webhooks', to: '/dashboard/settings?tab=webhooks', keywords: 'settings' },
];

function matches(text: string, search: string): boolean {
  return text.toLocaleLowerCase().includes(search.toLocaleLowerCase());
}

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function Item({
  value,
  icon,
  label,
  hint,
  onSelect,
}: {
  value: string;
  icon: ReactNode;
  label: string;
  hint?: string | null;
  onSelect: () => void;
}) {
  return (
    <Command.Item
      value={value}
      onSelect={onSelect}
      className="flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm outline-none select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground"
    >
      <span aria-hidden="true" className="text-muted-foreground [&_svg]:size-4">
        {icon}
      </span>
      <span className="min-w-0 flex-1 truncate">{label}</span>
      {hint ? (
        <span className="max-w-[45%] shrink-0 truncate text-xs text-muted-foreground">{hint}</span>
      ) : null}
    </Command.Item>
  );
}

const GROUP_CLASS =
  'px-1 py-1 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground';

/**
 * The command palette (Ctrl/Cmd-K): type to find a link (searched on the server), a team or a
 * page of the dashboard; arrows and Enter go there, Escape closes.
 */
export function CommandPalette({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), PALETTE_SEARCH_DEBOUNCE_MS);
  const teams = useQuery({ ...getTeamsQueryOptions(), enabled: open });
  const linksQuery: LinksPageQuery = {
    q,
    tag: '',
    filter: 'all',
    sort: 'updatedAt',
    order: 'desc',
    offset: 0,
    limit: PALETTE_LINKS,
  };
  const links = useQuery({
    queryKey: queryKeys.links.page(linksQuery),
    queryFn: ({ signal }) => getLinksPage(linksQuery, { signal }),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  const changeOpen = (next: boolean) => {
    if (!next) setSearch('');
    onOpenChange(next);
  };
  const go = (to: string) => {
    changeOpen(false);
    // A page with unsaved changes asks first.
    navigateOrAsk(navigate, to);
  };

  const term = search.trim();
  const pages = PALETTE_PAGES.filter(
    (p) => !term || matches(p.label, term) || matches(p.keywords ?? '', term),
  );
  const teamRows = (teams.data ?? []).filter((t) => !term || matches(t.name, term));
  // Links found for what is typed now only: Enter never picks a link of an earlier search.
  const current = q === term && !links.isPlaceholderData;
  const linkRows = current ? (links.data?.links ?? []) : [];
  // The highlighted item; when it goes (new results), the first one is.
  const values = [
    ...linkRows.map((l) => `link-${l.id}`),
    ...teamRows.map((t) => `team-${t.id}`),
    ...pages.map((p) => `page-${p.to}`),
  ];
  const [chosen, setChosen] = useState('');
  const active = values.includes(chosen) ? chosen : (values[0] ?? '');
  const searching = links.isFetching || q !== term;

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        aria-describedby={undefined}
        className="top-4 max-w-xl translate-y-0 gap-0 overflow-hidden p-0 sm:top-[12vh]"
      >
        <DialogTitle className="sr-only">Go to</DialogTitle>
        {/* min-w-0: a long name or address is cut short inside the dialog, never widens it. */}
        <Command
          className="min-w-0"
          label="Go to a link, a team or a page"
          shouldFilter={false}
          loop
          value={active}
          onValueChange={setChosen}
        >
          <div className="border-b pr-10">
            <Command.Input
              value={search}
              onValueChange={setSearch}
              placeholder="Search links, teams and pages"
              className="h-12 w-full bg-transparent px-4 text-base outline-none placeholder:text-muted-foreground sm:text-sm"
            />
          </div>
          <Command.List
            label="Results"
            className="max-h-[min(60dvh,24rem)] overflow-y-auto overscroll-contain p-1"
          >
            {searching ? (
              <Command.Loading>
                <p className="px-3 py-2 text-xs text-muted-foreground">Searching links…</p>
              </Command.Loading>
            ) : null}
            <Command.Empty className="px-3 py-6 text-center text-sm text-muted-foreground">
              {links.isError ? 'Links could not be searched.' : `Nothing matches “${term}”.`}
            </Command.Empty>
            {linkRows.length > 0 ? (
              <Command.Group heading="Links" className={GROUP_CLASS}>
                {linkRows.map((link) => (
                  <Item
                    key={link.id}
                    value={`link-${link.id}`}
                    icon={<Link2Icon />}
                    label={link.name}
                    hint={link.to}
                    onSelect={() => go(`/dashboard/edit-link/${link.id}`)}
                  />
                ))}
              </Command.Group>
            ) : null}
            {teamRows.length > 0 ? (
              <Command.Group heading="Teams" className={GROUP_CLASS}>
                {teamRows.map((team) => (
                  <Item
                    key={team.id}
                    value={`team-${team.id}`}
                    icon={<UsersRoundIcon />}
                    label={team.name}
                    onSelect={() => go(`/teams/${team.id}`)}
                  />
                ))}
              </Command.Group>
            ) : null}
            {pages.length > 0 ? (
              <Command.Group heading="Pages" className={GROUP_CLASS}>
                {pages.map((page) => (
                  <Item
                    key={page.to}
                    value={`page-${page.to}`}
                    icon={page.to.includes('?tab=') ? <LayoutGridIcon /> : <FileTextIcon />}
                    label={page.label}
                    onSelect={() => go(page.to)}
                  />
                ))}
              </Command.Group>
            ) : null}
          </Command.List>
        </Command>
      </DialogContent>
    </Dialog>
  );
}
