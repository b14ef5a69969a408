import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/**
 * False while React takes over prerendered HTML, true from then on. Submit buttons of
 * prerendered forms stay disabled until then, so an early Enter or click never posts the form
 * the browser's way (a full page load, fields in the address bar).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
