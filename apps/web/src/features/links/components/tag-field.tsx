import { TAG_NAME_MAX, TAGS_PER_LINK_MAX, tagKey, type Tag } from '@mailtokit/contracts/tags';
import { PlusIcon, XIcon } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import type { FieldControlProps } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/errors';
import { cn } from '@/lib/cn';
import { useTagMutations, useTags } from '../api/tags';
import { TAG_CHIP_CLASS } from '../lib/tag-colors';

export interface TagFieldProps {
  /** Label, description and invalid state from the form field around it. */
  control: FieldControlProps;
  /** The chosen tags, by name. */
  value: readonly string[];
  onChange: (names: string[]) => void;
  /** A message for the field (e.g. a tag that could not be created), or undefined to clear it. */
  onError: (message: string | undefined) => void;
}

/** An option of the list: one of the user's tags, or a new tag of the typed name. */
type Option = { kind: 'tag'; tag: Tag } | { kind: 'create'; name: string };

/**
 * The link's tags: chosen ones as chips (each with its remove button), then a combobox that
 * lists the user's other tags as one types and offers to create a tag of the typed name
 * (`POST /api/v1/tags`). Keyboard: arrows move through the list, Enter or a comma chooses,
 * Escape closes the list, Backspace in the empty box removes the last tag.
 */
export function TagField({ control, value, onChange, onError }: TagFieldProps) {
  const listId = useId();
  const optionId = (i: number) => `${listId}-${i}`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const tags = useTags();
  const { create } = useTagMutations();
  const all = tags.data ?? [];
  const byKey = new Map(all.map((t) => [tagKey(t.name), t]));
  const chosenKeys = new Set(value.map(tagKey));
  const full = value.length >= TAGS_PER_LINK_MAX;

  const typed = query.trim();
  const options: Option[] = full
    ? []
    : all
        .filter((t) => !chosenKeys.has(tagKey(t.name)))
        .filter((t) => typed === '' || tagKey(t.name).includes(tagKey(typed)))
        .map((tag): Option => ({ kind: 'tag', tag }));
  if (!full && typed !== '' && !byKey.has(tagKey(typed)) && !typed.includes(','))
    options.push({ kind: 'create', name: typed });
  const expanded = open && options.length > 0;
  const activeIndex = active < options.length ? active : -1;

  const add = (name: string) => {
    if (!chosenKeys.has(tagKey(name))) onChange([...value, name]);
    setQuery('');
    setActive(-1);
    onError(undefined);
  };

  const choose = (option: Option) => {
    if (option.kind === 'tag') {
      add(option.tag.name);
      return;
    }
    create.mutate(
      { name: option.name },
      {
        onSuccess: (tag) => add(tag.name),
        onError: (error) => onError(errorMessage(error)),
      },
    );
  };

  const remove = (name: string) => {
    onChange(value.filter((n) => tagKey(n) !== tagKey(name)));
    onError(undefined);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        setOpen(true);
        if (options.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive(
          activeIndex === -1
            ? step === 1
              ? 0
              : options.length - 1
            : (activeIndex + step + options.length) % options.length,
        );
        return;
      }
      case 'Enter':
      case ',': {
        // Enter in the box chooses; it never submits the form.
        const option =
          options[activeIndex] ??
          (typed === ''
            ? undefined
            : (options.find((o) => o.kind === 'tag' && tagKey(o.tag.name) === tagKey(typed)) ??
              options.find((o) => o.kind === 'create')));
        if (event.key === ',' || typed !== '' || activeIndex >= 0) event.preventDefault();
        if (option) choose(option);
        return;
      }
      case 'Escape':
        if (expanded) {
          // Closes the list only, not a dialog around the form.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        return;
      case 'Backspace': {
        const last = value[value.length - 1];
        if (query === '' && last !== undefined) remove(last);
        return;
      }
    }
  };

  return (
    <div className="grid gap-2">
      <div
        className={cn(
          'flex min-h-10 flex-wrap items-center gap-1.5 rounded-md border border-input bg-background px-2 py-1.5 shadow-xs',
          'focus-within:border-ring focus-within:ring-3 focus-within:ring-ring/30',
          control['aria-invalid'] && 'border-destructive focus-within:ring-destructive/25',
        )}
      >
        {value.length > 0 ? (
          <ul className="contents" aria-label="Chosen tags">
            {value.map((name) => {
              const color = byKey.get(tagKey(name))?.color ?? 'gray';
              return (
                <li
                  key={tagKey(name)}
                  className={cn(
                    'inline-flex max-w-48 items-center gap-0.5 rounded-full py-0.5 pr-0.5 pl-2 text-xs font-medium',
                    TAG_CHIP_CLASS[color],
                  )}
                  data-testid="tag-field-chip"
                >
                  <span className="truncate" title={name}>
                    {name}
                  </span>
                  <button
                    type="button"
                    className="inline-flex size-5 shrink-0 items-center justify-center rounded-full outline-none hover:bg-black/10 focus-visible:ring-2 focus-visible:ring-ring dark:hover:bg-white/15"
                    aria-label={`Remove tag ${name}`}
                    onClick={() => remove(name)}
                  >
                    <XIcon aria-hidden="true" className="size-3" />
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
        <input
          {...control}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-busy={create.isPending || undefined}
          className="h-7 min-w-32 flex-1 bg-transparent px-1 text-base outline-none placeholder:text-muted-foreground/80 sm:text-sm"
          placeholder={
            full ? `At most ${TAGS_PER_LINK_MAX} tags` : value.length === 0 ? 'Add a tag' : ''
          }
          value={query}
          maxLength={TAG_NAME_MAX}
          autoComplete="off"
          readOnly={full}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className="relative">
        <ul
          id={listId}
          role="listbox"
          aria-label="Tags"
          hidden={!expanded}
          className="absolute inset-x-0 top-0 z-30 grid max-h-56 gap-0.5 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {options.map((option, i) => (
            // The options are never focused: the box's keys move through them (aria-activedescendant).
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={option.kind === 'tag' ? `t${option.tag.id}` : 'create'}
              id={optionId(i)}
              role="option"
              aria-selected={i === activeIndex}
              className={cn(
                'flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm select-none',
                i === activeIndex && 'bg-accent text-accent-foreground',
              )}
              // The box keeps the focus: a click chooses without leaving it.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onMouseMove={() => setActive(i)}
            >
              {option.kind === 'tag' ? (
                <span
                  className={cn(
                    'inline-flex max-w-full items-center rounded-full px-2 py-0.5 text-xs font-medium',
                    TAG_CHIP_CLASS[option.tag.color],
                  )}
                >
                  <span className="truncate">{option.tag.name}</span>
                </span>
              ) : (
                <>
                  <PlusIcon aria-hidden="true" className="size-4 text-muted-foreground" />
                  <span className="min-w-0 truncate">Create tag “{option.name}”</span>
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
