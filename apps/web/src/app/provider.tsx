import { lazy, Suspense, type ReactNode } from 'react';
import { FreshPasswordHost } from '@/components/fresh-password-host';
import { QueryHost } from '@/lib/query-host';
import { useToasts } from '@/lib/toast';

// The toast viewport (and its Radix code) loads with the first toast, not with the page.
const Toaster = lazy(() => import('@/components/ui/toast').then((m) => ({ default: m.Toaster })));

function LazyToaster() {
  const hasToasts = useToasts().length > 0;
  if (!hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryHost>
      {children}
      <FreshPasswordHost />
      <LazyToaster />
    </QueryHost>
  );
}
