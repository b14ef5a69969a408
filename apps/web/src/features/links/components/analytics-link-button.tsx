import { ChartNoAxesColumnIcon } from 'lucide-react';
import type { MailtoLink } from '@mailtokit/contracts/links';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** 'View analytics' for one saved link: its page /dashboard/analytics/{id}. */
export function AnalyticsLinkButton({ link }: { link: MailtoLink }) {
  return (
    <Button variant="ghost" size="sm" asChild>
      <Link to={`/dashboard/analytics/${link.id}`} aria-label="View analytics">
        <ChartNoAxesColumnIcon aria-hidden="true" />
        <span className="hidden lg:inline">View analytics</span>
      </Link>
    </Button>
  );
}
