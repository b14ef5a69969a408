import { lazy, Suspense, type ReactNode } from 'react';
import { PageSpinner } from '@/components/ui/spinner';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { LinksTab } from '@/features/links/components/links-tab';

// The first tab comes with the page; the others load when they are opened.
const AnalyticsTab = lazy(() =>
  import('@/features/analytics/components/analytics-tab').then((m) => ({
    default: m.AnalyticsTab,
  })),
);
const TeamsTab = lazy(() =>
  import('@/features/teams/components/teams-tab').then((m) => ({ default: m.TeamsTab })),
);

const loading = (tab: ReactNode) => <Suspense fallback={<PageSpinner />}>{tab}</Suspense>;

/** /dashboard: the dashboard shell with each feature's tab content. */
export function DashboardRoute() {
  return (
    <DashboardPage
      links={<LinksTab />}
      analytics={loading(<AnalyticsTab />)}
      teams={loading(<TeamsTab />)}
    />
  );
}
