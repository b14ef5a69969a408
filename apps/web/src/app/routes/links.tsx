import { parseId } from '@mailtokit/contracts/ids';
import { useParams } from 'react-router';
import {
  CreateLinkPage,
  EditLinkPage,
  LinkNotFound,
} from '@/features/links/components/link-form-page';

/** /dashboard/create-link */
export function CreateLinkRoute() {
  return <CreateLinkPage />;
}

/** /dashboard/edit-link/{id}: the id must be a positive integer, else 'Link not found'. */
export function EditLinkRoute() {
  const { id } = useParams();
  const linkId = parseId(id);
  if (linkId === null) return <LinkNotFound />;
  return <EditLinkPage key={linkId} linkId={linkId} />;
}
