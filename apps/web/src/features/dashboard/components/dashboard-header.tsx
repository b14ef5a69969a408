import { PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';

/**
 * The dashboard's heading, summary and main action: the same before the session is known (the
 * prerendered shell) and after, so the page's first paint already shows what it is about.
 */
export function DashboardHeader() {
  return (
    <PageHeader
      title="Dashboard"
      description="Your saved mailto links, their clicks and your teams."
      descriptionClassName="max-sm:sr-only [@media(max-height:860px)]:sr-only"
      inline
      actions={
        <Button asChild>
          <Link to="/dashboard/create-link">
            <PlusIcon aria-hidden="true" />
            New link
          </Link>
        </Button>
      }
    />
  );
}
