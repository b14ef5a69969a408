import { useParams } from 'react-router';
import {
  AnalyticsLinkNotFound,
  LinkAnalyticsPage,
} from '@/features/analytics/components/link-analytics-page';

const parseId = (id: string | undefined): number | null =>
  id && /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null;

/** /dashboard/analytics/{id}: the id must be a positive integer, else 'Link not found'. */
export function LinkAnalyticsRoute() {
  const { id } = useParams();
  const linkId = parseId(id);
  if (linkId === null) return <AnalyticsLinkNotFound />;
  return <LinkAnalyticsPage key={linkId} linkId={linkId} />;
}
