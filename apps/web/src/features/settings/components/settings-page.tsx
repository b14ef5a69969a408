import { KeyRoundIcon, ShieldIcon, SlidersHorizontalIcon, WebhookIcon } from 'lucide-react';
import { DashboardSubpage } from '@/components/dashboard-subpage';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useTabParam } from '@/lib/use-tab-param';
import { ApiTokensSettings } from './api-tokens-settings';
import { GeneralSettings } from './general-settings';
import { SecuritySettings } from './security-settings';
import { WebhooksSettings } from './webhooks-settings';

export const SETTINGS_TABS = ['general', 'security', 'tokens', 'webhooks'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/**
 * /dashboard/settings: General, Security, API tokens and Webhooks tabs, the open one kept in
 * `?tab=` (a reload or a shared address opens it again; General has no parameter).
 */
export function SettingsPage() {
  const [tab, selectTab] = useTabParam<SettingsTab>(SETTINGS_TABS, 'general', {
    omitFallback: true,
  });

  return (
    <DashboardSubpage title="Settings" description="Preferences, account security and automation.">
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList className="grid h-auto w-full grid-cols-2 gap-1 lg:inline-flex lg:w-auto">
          <TabsTrigger value="general" className="h-9 lg:h-full lg:px-4">
            <SlidersHorizontalIcon aria-hidden="true" />
            General
          </TabsTrigger>
          <TabsTrigger value="security" className="h-9 lg:h-full lg:px-4">
            <ShieldIcon aria-hidden="true" />
            Security
          </TabsTrigger>
          <TabsTrigger value="tokens" className="h-9 lg:h-full lg:px-4">
            <KeyRoundIcon aria-hidden="true" />
            API tokens
          </TabsTrigger>
          <TabsTrigger value="webhooks" className="h-9 lg:h-full lg:px-4">
            <WebhookIcon aria-hidden="true" />
            Webhooks
          </TabsTrigger>
        </TabsList>
        <TabsContent value="general">
          <GeneralSettings />
        </TabsContent>
        <TabsContent value="security">
          <SecuritySettings />
        </TabsContent>
        <TabsContent value="tokens">
          <ApiTokensSettings />
        </TabsContent>
        <TabsContent value="webhooks">
          <WebhooksSettings />
        </TabsContent>
      </Tabs>
    </DashboardSubpage>
  );
}
