import { parseId } from '@mailtokit/contracts/ids';
import { useParams } from 'react-router';
import {
  AnalyticsLinkNotFound,
  LinkAnalyticsPage,
} from '@/features/analytics/components/link-analytics-page';

/** /dashboard/analytics/{id}: the id must be a positive integer, else 'Link not found'. */
export function LinkAnalyticsRoute() {
  const { id } = useParams();
  const linkId = parseId(id);
  if (linkId === null) return <AnalyticsLinkNotFound />;
  return <LinkAnalyticsPage key={linkId} linkId={linkId} />;
}
