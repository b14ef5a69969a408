import { useSearchParams } from 'react-router';

/**
 * The open tab of a page kept in `?tab=`, so that a reload or a shared address opens it again:
 * the tab the address names (one of `tabs`; anything else is `fallback`), and the function a
 * `Tabs` calls on a change, which rewrites the address in place (no history entry) and keeps
 * its other parameters. `omitFallback`: the fallback tab leaves no parameter at all.
 */
export function useTabParam<T extends string>(
  tabs: readonly T[],
  fallback: T,
  { omitFallback = false }: { omitFallback?: boolean } = {},
): [tab: T, select: (value: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab = (tabs as readonly (string | null)[]).includes(requested)
    ? (requested as T)
    : fallback;
  const select = (value: string) => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (omitFallback && value === fallback) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };
  return [tab, select];
}
