import { MoonIcon, SunIcon } from 'lucide-react';
import { useId } from 'react';
import { toggleTheme, useTheme } from '@/lib/theme';
import { Button } from './ui/button';

/**
 * Header light/dark switch; the choice is remembered in this browser. It shows the sun in the
 * dark theme and the moon in the light one. Its tooltip is plain CSS (shown on hover and
 * keyboard focus after the usual delay), so the header needs no tooltip library.
 */
export function ThemeToggle() {
  const isDark = useTheme() === 'dark';
  const hintId = useId();
  const hint = isDark ? 'Use light theme' : 'Use dark theme';
  return (
    <span className="group relative inline-flex">
      <Button
        variant="ghost"
        size="icon"
        aria-label="Toggle theme"
        aria-pressed={isDark}
        aria-describedby={hintId}
        onClick={toggleTheme}
      >
        {/* The icon follows the page's theme class, not React's state: the stored theme is
            applied before the app runs, and the prerendered header must show its icon too. */}
        <SunIcon aria-hidden="true" className="hidden dark:block" />
        <MoonIcon aria-hidden="true" className="dark:hidden" />
      </Button>
      <span
        id={hintId}
        role="tooltip"
        className="pointer-events-none invisible absolute top-full left-1/2 z-50 mt-1.5 -translate-x-1/2 rounded-md bg-foreground px-3 py-1.5 text-xs whitespace-nowrap text-background opacity-0 shadow-md transition-opacity delay-0 group-hover:visible group-hover:opacity-100 group-hover:delay-700 group-has-[:focus-visible]:visible group-has-[:focus-visible]:opacity-100 group-has-[:focus-visible]:delay-700"
      >
        {hint}
      </span>
    </span>
  );
}
