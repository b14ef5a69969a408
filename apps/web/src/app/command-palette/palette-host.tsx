import { SearchIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';

// The palette and its library load when it first opens (or the pointer or focus nears its
// button), not with the dashboard.
const load = () => import('./command-palette');
const CommandPalette = lazy(() => load().then((m) => ({ default: m.CommandPalette })));

/** Whether another dialog is open (the palette does not open over it). */
function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/** Ctrl-K, or Cmd-K on a Mac. */
export function isPaletteShortcut(event: KeyboardEvent): boolean {
  return (
    event.key.toLowerCase() === 'k' &&
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey
  );
}

/**
 * The command palette of the signed-in pages: Ctrl/Cmd-K (or `button`) opens it, the same
 * shortcut closes it. Render `palette` once.
 */
export function useCommandPalette(): {
  palette: ReactNode;
  button: (className?: string) => ReactNode;
} {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      // Open, the palette is the dialog on screen: the shortcut closes it.
      if (!open && dialogOpen()) return;
      event.preventDefault();
      setUsed(true);
      setOpen(!open);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  // The prerendered shell says Ctrl; a Mac's ⌘ once the app runs.
  const hydrated = useHydrated();
  const mac = hydrated && /Mac|iPhone|iPad/.test(navigator.platform);
  const button = (className?: string) => (
    <Button
      variant="outline"
      className={cn('justify-between gap-3 text-muted-foreground', className)}
      aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={() => {
        setUsed(true);
        setOpen(true);
      }}
    >
      <span className="flex items-center gap-2">
        <SearchIcon aria-hidden="true" />
        Go to…
      </span>
      <kbd className="hidden rounded border bg-muted px-1.5 font-sans text-[0.7rem] sm:inline">
        {mac ? '⌘K' : 'Ctrl K'}
      </kbd>
    </Button>
  );
  const palette = used ? (
    <Suspense fallback={null}>
      <CommandPalette open={open} onOpenChange={setOpen} />
    </Suspense>
  ) : null;
  return { palette, button };
}
