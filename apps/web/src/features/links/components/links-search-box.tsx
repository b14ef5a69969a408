import { SearchIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Input } from '@/components/ui/input';

/** How long typing must pause before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

/** Whether a key press belongs to a field, a menu or a dialog rather than to the page. */
function typingElsewhere(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return true;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null
  );
}

/**
 * The search box: typed text goes to the address (and the list) after a short pause. Keyboard
 * shortcuts of the links tab: `/` focuses it, `c` opens the form of a new link.
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typingElsewhere(event)) return;
      if (event.key === '/') {
        event.preventDefault();
        input.current?.focus();
      } else if (event.key === 'c') {
        event.preventDefault();
        void navigate('/dashboard/create-link');
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate]);
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  // The address changed from outside (back button, clear): show what it says.
  if (value !== synced) {
    setSynced(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className="relative min-w-0 flex-[1_1_14rem] sm:max-w-sm">
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        ref={input}
        type="search"
        aria-label="Search links"
        aria-keyshortcuts="/"
        placeholder="Search name, recipients, subject"
        className="pl-9"
        value={text}
        maxLength={200}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch(text);
        }}
      />
    </div>
  );
}
