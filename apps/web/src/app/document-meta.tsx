import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { metaFor } from './route-meta';

/** Sets the page's `<title>` and meta description on every navigation. */
export function DocumentMeta() {
  const { pathname } = useLocation();
  useEffect(() => {
    const meta = metaFor(pathname);
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [pathname]);
  return null;
}
