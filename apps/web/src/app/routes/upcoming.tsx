import { useParams } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';

/*
 * Routes registered (and protected) now; their pages arrive with the links, analytics and
 * teams features in the next release, which replaces these components.
 */

function InvalidId({ what }: { what: string }) {
  return (
    <ComingSoon
      variant="not-found"
      title={`${what} not found`}
      description="The address does not point to a valid item. Check the link and try again."
    />
  );
}

const isNumericId = (id: string | undefined) => !!id && /^[1-9]\d*$/.test(id);

export function CreateLinkRoute() {
  return (
    <ComingSoon
      title="Create a link"
      description="Save mailto links with a name, share them with a team and create tracking links for them."
    />
  );
}

export function EditLinkRoute() {
  const { id } = useParams();
  if (!isNumericId(id)) return <InvalidId what="Link" />;
  return (
    <ComingSoon
      title="Edit link"
      description={`Editing saved link #${id} — its recipients, subject, body and team.`}
    />
  );
}

export function LinkAnalyticsRoute() {
  const { id } = useParams();
  if (!isNumericId(id)) return <InvalidId what="Link" />;
  return (
    <ComingSoon
      title="Link analytics"
      description="Clicks over time, unique visitors, referrers, browsers, operating systems and devices, with CSV export."
    />
  );
}

export function TeamDetailRoute() {
  const { id } = useParams();
  if (!isNumericId(id)) return <InvalidId what="Team" />;
  return (
    <ComingSoon
      title="Team"
      description="Team members and their roles, with the links shared with the team."
    />
  );
}
