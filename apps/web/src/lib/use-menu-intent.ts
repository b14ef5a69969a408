import { useState, type KeyboardEvent } from 'react';

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A menu whose code loads on first use: `triggerProps` go on a plain button that starts
 * loading the menu when the pointer or focus reaches it, and asks for it (`wanted`) on the
 * first click or Enter / Space / Arrow Down. The loaded menu then renders in the button's place,
 * open at once.
 */
export function useMenuIntent(load: () => Promise<unknown>) {
  const [wanted, setWanted] = useState(false);
  const triggerProps = {
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    onPointerEnter: () => void load(),
    onFocus: () => void load(),
    onClick: () => setWanted(true),
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (!OPEN_KEYS.has(event.key)) return;
      event.preventDefault();
      setWanted(true);
    },
  };
  return { wanted, triggerProps };
}
