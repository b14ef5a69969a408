import { useParams } from 'react-router';
import {
  CreateLinkPage,
  EditLinkPage,
  LinkNotFound,
} from '@/features/links/components/link-form-page';
import { parseLinkId } from '@/features/links/lib/link-form';

/** /dashboard/create-link */
export function CreateLinkRoute() {
  return <CreateLinkPage />;
}

/** /dashboard/edit-link/{id}: the id must be a positive integer, else 'Link not found'. */
export function EditLinkRoute() {
  const { id } = useParams();
  const linkId = parseLinkId(id);
  if (linkId === null) return <LinkNotFound />;
  return <EditLinkPage key={linkId} linkId={linkId} />;
}
