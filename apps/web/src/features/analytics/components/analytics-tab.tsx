import { ChartNoAxesColumnIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';

/** The analytics tab of the dashboard; replaced by real analytics in the next release. */
export function AnalyticsTab() {
  return (
    <EmptyState
      icon={ChartNoAxesColumnIcon}
      title="No analytics yet"
      description="Create a tracking link from one of your saved links. Its clicks, unique visitors, referrers and devices will show up here."
      action={
        <Button variant="outline" asChild>
          <Link to="/dashboard?tab=links">Go to your links</Link>
        </Button>
      }
    />
  );
}
