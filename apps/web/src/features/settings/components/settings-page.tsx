import { ArrowLeftIcon, ShieldIcon, SlidersHorizontalIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { GeneralSettings } from './general-settings';
import { SecuritySettings } from './security-settings';

/** /dashboard/settings: General and Security tabs. */
export function SettingsPage() {
  return (
    <div className="grid w-full max-w-3xl grid-cols-1 gap-6">
      <div>
        <Button variant="ghost" size="sm" asChild className="-ml-3 mb-2">
          <Link to="/dashboard">
            <ArrowLeftIcon aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
        <PageHeader title="Settings" description="Preferences and account security." />
      </div>
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
    </div>
  );
}
