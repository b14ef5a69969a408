import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { scrollToId } from '@/lib/scroll';

/** How long to keep looking for a hash target that a lazy page has not rendered yet. */
const HASH_WAIT_MS = 2000;

/**
 * The page scrolls to the top on every route change. A link with a hash
 * (/#generator) scrolls to its target instead, waiting for it to render if needed.
 */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    const pathChanged = previousPath.current !== pathname;
    previousPath.current = pathname;
    if (hash.length > 1) {
      const id = decodeURIComponent(hash.slice(1));
      const started = performance.now();
      let frame = 0;
      const tryScroll = () => {
        if (scrollToId(id)) return;
        if (performance.now() - started < HASH_WAIT_MS) frame = requestAnimationFrame(tryScroll);
      };
      tryScroll();
      return () => cancelAnimationFrame(frame);
    }
    if (pathChanged) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    return undefined;
  }, [pathname, hash, key]);

  return null;
}
