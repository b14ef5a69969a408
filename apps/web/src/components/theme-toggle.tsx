import { MoonIcon, SunIcon } from 'lucide-react';
import { toggleTheme, useTheme } from '@/lib/theme';
import { Button } from './ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from './ui/tooltip';

/** Header light/dark switch; the choice is remembered in this browser. */
export function ThemeToggle() {
  const isDark = useTheme() === 'dark';
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Toggle theme"
          aria-pressed={isDark}
          onClick={toggleTheme}
        >
          {isDark ? <SunIcon aria-hidden="true" /> : <MoonIcon aria-hidden="true" />}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{isDark ? 'Use light theme' : 'Use dark theme'}</TooltipContent>
    </Tooltip>
  );
}
