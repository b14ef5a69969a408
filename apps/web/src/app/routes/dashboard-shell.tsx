import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { DashboardSkeleton } from '@/features/dashboard/components/dashboard-skeleton';
import { DashboardLayout } from '../layouts/dashboard-layout';
import { ProtectedRoute } from '../protected-route';

/**
 * What a signed-in page shows while the session is checked or its code loads: its own outline
 * where it has one (the same as its prerendered shell), else a spinner.
 */
function PagePending({ label }: { label: string }) {
  const { pathname } = useLocation();
  if (pathname === '/dashboard') return <DashboardSkeleton />;
  return <PageSpinner label={label} />;
}

/**
 * Every signed-in page: the dashboard layout (loaded on demand) around the session guard, so
 * the header and the sidebar's links show at once and only the page waits for the session.
 */
export function DashboardShell() {
  return (
    <DashboardLayout>
      <ProtectedRoute pending={<PagePending label="Checking your session…" />}>
        <Suspense fallback={<PagePending label="Loading…" />}>
          <Outlet />
        </Suspense>
      </ProtectedRoute>
    </DashboardLayout>
  );
}
