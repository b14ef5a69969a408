import { ChartNoAxesColumnIcon, Link2Icon, UsersRoundIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth/use-auth';
import { useTabParam } from '@/lib/use-tab-param';
import { DashboardHeader } from './dashboard-header';
import { PlanCard } from '@/components/plan-card';
import { planNeedsAttention } from '@/lib/plans';

export const DASHBOARD_TABS = ['links', 'analytics', 'teams'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export interface DashboardPageProps {
  links: ReactNode;
  analytics: ReactNode;
  teams: ReactNode;
  /** Shown in the Teams tab's label (the caller's pending invitations). */
  teamsBadge?: ReactNode;
}

/** /dashboard: tabs links | analytics | teams, the active one kept in `?tab=`. */
export function DashboardPage({ links, analytics, teams, teamsBadge }: DashboardPageProps) {
  const { user } = useAuth();
  const [tab, selectTab] = useTabParam<DashboardTab>(DASHBOARD_TABS, 'links');

  return (
    <div className="grid grid-cols-1 gap-4 sm:gap-5">
      <DashboardHeader />
      {/* The plan lives in Settings; here only while it asks for something. */}
      {user && planNeedsAttention(user) ? (
        <PlanCard tier={user.subscriptionTier} expiresAt={user.subscriptionExpiresAt} />
      ) : null}
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList className="grid w-full grid-cols-3 sm:inline-flex sm:w-auto">
          <TabsTrigger value="links" className="sm:px-4">
            <Link2Icon aria-hidden="true" />
            Links
          </TabsTrigger>
          <TabsTrigger value="analytics" className="sm:px-4">
            <ChartNoAxesColumnIcon aria-hidden="true" />
            Analytics
          </TabsTrigger>
          <TabsTrigger value="teams" className="sm:px-4">
            <UsersRoundIcon aria-hidden="true" />
            Teams
            {teamsBadge}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="links">{links}</TabsContent>
        <TabsContent value="analytics">{analytics}</TabsContent>
        <TabsContent value="teams">{teams}</TabsContent>
      </Tabs>
    </div>
  );
}
