import type { ReactNode } from 'react';
import type { ShareTeam } from '../api/get-share-teams';
import { NativeSelect } from '@/components/ui/native-select';
import { LINK_ORDERS, type LinkListState, type LinkOrderKey } from '../lib/list-state';
import { SearchBox } from './links-search-box';

export interface LinksFiltersProps {
  state: LinkListState;
  teams: readonly ShareTeam[];
  onSearch: (q: string) => void;
  onChange: (change: Partial<LinkListState>) => void;
  /** More controls at the end of the row (the CSV menu). */
  actions?: ReactNode;
  /** The user's tag names, for the tag filter (none: no filter shown unless one is set). */
  tagNames?: readonly string[];
}

/** Search, 'Show' (all, private, a team's, archived) and 'Sort' above the links. */
export function LinksFilters({
  state,
  teams,
  onSearch,
  onChange: update,
  actions,
  tagNames = [],
}: LinksFiltersProps) {
  const tagChoices =
    state.tag !== '' && !tagNames.some((n) => n.toLowerCase() === state.tag.toLowerCase())
      ? [...tagNames, state.tag]
      : tagNames;
  return (
    <div className="flex flex-wrap items-center gap-2" role="search">
      <SearchBox value={state.q} onSearch={onSearch} />
      {/* On phones the buttons share the search's row, so Show and Sort have half a row each
          and their longest choices are read whole; from sm up they end the row of filters. */}
      {actions ? <div className="flex shrink-0 gap-2 sm:order-last">{actions}</div> : null}
      <div className="grid basis-full grid-cols-2 gap-2 sm:flex sm:max-w-full sm:basis-auto sm:flex-wrap">
        {tagChoices.length > 0 ? (
          // A row of its own on phones: the select's own box sits inside a wrapper of its own.
          <div className="col-span-2 sm:w-40">
            <NativeSelect
              aria-label="Tag"
              value={tagChoices.find((n) => n.toLowerCase() === state.tag.toLowerCase()) ?? ''}
              onChange={(e) => update({ tag: e.target.value, page: 1 })}
            >
              <option value="">Any tag</option>
              {tagChoices.map((name) => (
                <option key={name} value={name}>
                  Tag: {name}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
        <NativeSelect
          aria-label="Show"
          value={typeof state.filter === 'number' ? `team-${state.filter}` : state.filter}
          onChange={(e) => {
            const v = e.target.value;
            update({
              filter:
                v === 'all' || v === 'private' || v === 'archived'
                  ? v
                  : Number(v.slice('team-'.length)),
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
          <option value="archived">Archived</option>
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
  );
}
