import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from './page-header';
import { Button } from './ui/button';

export interface DashboardSubpageProps {
  title: string;
  description: string;
  children: ReactNode;
}

/** A page under /dashboard/: 'Back to dashboard', its title and description, then its content. */
export function DashboardSubpage({ title, description, children }: DashboardSubpageProps) {
  return (
    <div className="grid w-full max-w-3xl grid-cols-1 gap-6">
      <div>
        <Button variant="ghost" size="sm" asChild className="-ml-3 mb-2">
          <Link to="/dashboard">
            <ArrowLeftIcon aria-hidden="true" />
            Back to dashboard
          </Link>
        </Button>
        <PageHeader title={title} description={description} />
      </div>
      {children}
    </div>
  );
}
