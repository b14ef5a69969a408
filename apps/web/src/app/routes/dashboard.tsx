import { AnalyticsTab } from '@/features/analytics/components/analytics-tab';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { LinksTab } from '@/features/links/components/links-tab';
import { TeamsTab } from '@/features/teams/components/teams-tab';

/** /dashboard: the dashboard shell with each feature's tab content. */
export function DashboardRoute() {
  return <DashboardPage links={<LinksTab />} analytics={<AnalyticsTab />} teams={<TeamsTab />} />;
}
