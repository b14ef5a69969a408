import { ShieldIcon, SlidersHorizontalIcon } from 'lucide-react';
import { DashboardSubpage } from '@/components/dashboard-subpage';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { GeneralSettings } from './general-settings';
import { SecuritySettings } from './security-settings';

/** /dashboard/settings: General and Security tabs. */
export function SettingsPage() {
  return (
    <DashboardSubpage title="Settings" description="Preferences and account security.">
      <Tabs defaultValue="general">
        <TabsList className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
          <TabsTrigger value="general" className="sm:px-4">
            <SlidersHorizontalIcon aria-hidden="true" />
            General
          </TabsTrigger>
          <TabsTrigger value="security" className="sm:px-4">
            <ShieldIcon aria-hidden="true" />
            Security
          </TabsTrigger>
        </TabsList>
        <TabsContent value="general">
          <GeneralSettings />
        </TabsContent>
        <TabsContent value="security">
          <SecuritySettings />
        </TabsContent>
      </Tabs>
    </DashboardSubpage>
  );
}
