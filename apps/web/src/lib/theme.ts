import { useSyncExternalStore } from 'react';

/** localStorage key; theme-init.js (inlined into every page) reads the same key before first paint. */
export const THEME_STORAGE_KEY = 'mailtokit-theme';

/** The theme shown. */
export type Theme = 'light' | 'dark';
/** The theme chosen: `system` (the default, nothing stored) follows the device's setting. */
export type ThemeChoice = 'system' | Theme;

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function readChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'dark' || stored === 'light' ? stored : 'system';
  } catch {
    return 'system';
  }
}

function deviceTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches
    ? 'dark'
    : 'light';
}

function apply(choice: ThemeChoice): void {
  const theme = choice === 'system' ? deviceTheme() : choice;
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

/** The theme in effect: the class on <html>, which theme-init.js set before first paint. */
export function getTheme(): Theme {
  if (typeof document === 'undefined') return 'light';
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/** The theme chosen in this browser (`system` when none). */
export function getThemeChoice(): ThemeChoice {
  if (typeof window === 'undefined') return 'system';
  return readChoice();
}

/** Applies a choice at once and remembers it in this browser (`system` forgets the choice). */
export function setThemeChoice(choice: ThemeChoice): void {
  apply(choice);
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage unavailable: the theme still applies for this visit.
  }
  for (const listener of listeners) listener();
}

/** Applies a theme and remembers it (the header's switch). */
export function setTheme(theme: Theme): void {
  setThemeChoice(theme);
}

export function toggleTheme(): void {
  setTheme(getTheme() === 'dark' ? 'light' : 'dark');
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the choice.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    apply(readChoice());
    listener();
  };
  // The device switched between light and dark: followed while the choice is System.
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const onDevice = () => {
    if (readChoice() !== 'system') return;
    apply('system');
    listener();
  };
  window.addEventListener('storage', onStorage);
  media?.addEventListener('change', onDevice);
  // What changed before anyone listened (the device switched while the page loaded, after
  // theme-init.js painted it): applied now. React reads the theme again after subscribing.
  apply(readChoice());
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    media?.removeEventListener('change', onDevice);
  };
}

/** The theme in effect, re-rendering when it changes (here, in another tab or on the device). */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme, () => 'light');
}

/** The theme chosen (System, Light or Dark), re-rendering when it changes. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, getThemeChoice, () => 'system');
}
