import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePageObjectName } from '@/lib/page-title';
import { metaFor } from './route-meta';

/**
 * Sets the page's `<title>` and meta description on every navigation; a page about one link or
 * team puts its name first once loaded (usePageTitleName).
 */
export function DocumentMeta() {
  const { pathname } = useLocation();
  const objectName = usePageObjectName(pathname);
  useEffect(() => {
    const meta = metaFor(pathname, objectName);
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [pathname, objectName]);
  return null;
}
