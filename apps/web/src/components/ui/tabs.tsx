import {
  createContext,
  useContext,
  useId,
  useState,
  type ComponentProps,
  type KeyboardEvent,
} from 'react';
import { cn } from '@/lib/cn';

/*
 * Tabs with the WAI-ARIA tabs pattern: one tab stop (the selected tab), arrow keys, Home and
 * End move between tabs and select them, inactive panels are not rendered. Our own small
 * component rather than a library's: pages with tabs (sign-in, dashboard) load on a first
 * visit, and this is all they need.
 */
interface TabsState {
  value: string;
  select: (value: string) => void;
  idOf: (part: 'tab' | 'panel', value: string) => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be used inside <Tabs>');
  return state;
}

export interface TabsProps extends Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> {
  /** The selected tab (controlled). */
  value?: string;
  /** The tab selected at first (uncontrolled). */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

export function Tabs({ value, defaultValue = '', onValueChange, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue);
  const base = useId();
  const selected = value ?? own;
  const state: TabsState = {
    value: selected,
    select: (next) => {
      if (next === selected) return;
      if (value === undefined) setOwn(next);
      onValueChange?.(next);
    },
    idOf: (part, v) => `${base}-${part}-${v}`,
  };
  return (
    <TabsContext.Provider value={state}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

const NEXT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const move = NEXT_KEYS[event.key];
    if (!move || event.defaultPrevented) return;
    const tabs = [
      ...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'),
    ];
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    const target = tabs[move(index, tabs.length)];
    target?.focus();
    target?.click();
  };
  return (
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus -- focus moves between the tabs themselves (arrow keys); the list is not a tab stop
    <div
      role="tablist"
      aria-orientation="horizontal"
      onKeyDown={onKey}
      className={cn(
        'inline-flex h-10 items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export interface TabsTriggerProps extends Omit<ComponentProps<'button'>, 'value'> {
  value: string;
}

export function TabsTrigger({ className, value, onClick, ...props }: TabsTriggerProps) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idOf('tab', value)}
      aria-selected={active}
      aria-controls={active ? tabs.idOf('panel', value) : undefined}
      data-state={active ? 'active' : 'inactive'}
      tabIndex={active ? 0 : -1}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      className={cn(
        'inline-flex h-full flex-1 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-all outline-none',
        'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-muted',
        'disabled:pointer-events-none disabled:opacity-50',
        'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm dark:data-[state=active]:bg-card',
        '[&_svg]:size-4 [&_svg]:shrink-0',
        className,
      )}
      {...props}
    />
  );
}

export interface TabsContentProps extends ComponentProps<'div'> {
  value: string;
}

export function TabsContent({ className, value, ...props }: TabsContentProps) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.idOf('panel', value)}
      aria-labelledby={tabs.idOf('tab', value)}
      data-state="active"
      tabIndex={0}
      className={cn(
        'mt-6 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        className,
      )}
      {...props}
    />
  );
}
