import { lazy, Suspense, type ReactNode } from 'react';
import { PageSpinner } from '@/components/ui/spinner';
import { DASHBOARD_TABS, DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { prefetchLinksTab } from '@/features/links/api/prefetch-links-tab';
import { LinksTab } from '@/features/links/components/links-tab';
import { loadQueryClient } from '@/lib/query-host';

// The first tab comes with the page; the others load when they are opened.
const AnalyticsTab = lazy(() =>
  import('@/features/analytics/components/analytics-tab').then((m) => ({
    default: m.AnalyticsTab,
  })),
);
const TeamsTab = lazy(() =>
  import('@/features/teams/components/teams-tab').then((m) => ({ default: m.TeamsTab })),
);

// The badge of pending invitations on the Teams tab, fetched once the page is up.
const InvitationsBadge = lazy(() =>
  import('@/features/teams/components/invitations-badge').then((m) => ({
    default: m.InvitationsBadge,
  })),
);

const loading = (tab: ReactNode) => <Suspense fallback={<PageSpinner />}>{tab}</Suspense>;

/** /dashboard: the dashboard shell with each feature's tab content. */
export function DashboardRoute() {
  return (
    <DashboardPage
      links={<LinksTab />}
      analytics={loading(<AnalyticsTab />)}
      teams={loading(<TeamsTab />)}
      teamsBadge={
        <Suspense fallback={null}>
          <InvitationsBadge />
        </Suspense>
      }
    />
  );
}

/**
 * For a browser that holds a session and opens the dashboard on its links tab (the default):
 * asks for the links at once, alongside the session check, instead of after it.
 */
export function prefetchDashboard(search: string): void {
  const params = new URLSearchParams(search);
  const tab = params.get('tab');
  if (tab !== null && tab !== 'links' && (DASHBOARD_TABS as readonly string[]).includes(tab))
    return;
  void loadQueryClient().then((queryClient) => prefetchLinksTab(queryClient, params));
}
