import type { ListedMailtoLink } from '@mailtokit/contracts/links';
import {
  ChartNoAxesColumnIcon,
  LockIcon,
  PencilIcon,
  RadarIcon,
  SendIcon,
  Trash2Icon,
} from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useNewTrackingLink } from '@/components/new-tracking-link-button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { DeleteLinkButton } from './delete-link-button';
import { MoreActionsButton } from './more-actions-button';

/**
 * A row's other actions: test, edit, new tracking link, analytics, delete, in one menu
 * loaded on first use and open at once. The dialogs they open live outside the menu, which
 * closes first.
 */
export function MoreActions({ link }: { link: ListedMailtoLink }) {
  const navigate = useNavigate();
  const tracking = useNewTrackingLink(link.id, link.mailtoUrl, link.canEdit);
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger asChild>
          <MoreActionsButton link={link} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => window.open(link.mailtoUrl)}>
            <SendIcon aria-hidden="true" />
            Test link
          </DropdownMenuItem>
          {link.canEdit ? (
            <DropdownMenuItem onSelect={() => void navigate(`/dashboard/edit-link/${link.id}`)}>
              <PencilIcon aria-hidden="true" />
              Edit
            </DropdownMenuItem>
          ) : null}
          {link.canEdit ? (
            <DropdownMenuItem onSelect={tracking.start}>
              {tracking.locked ? <LockIcon aria-hidden="true" /> : <RadarIcon aria-hidden="true" />}
              New tracking link
              {tracking.locked ? (
                <span className="ml-auto text-xs text-muted-foreground">Premium</span>
              ) : null}
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => void navigate(`/dashboard/analytics/${link.id}`)}>
            <ChartNoAxesColumnIcon aria-hidden="true" />
            View analytics
          </DropdownMenuItem>
          {link.canEdit ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(true)}>
                <Trash2Icon aria-hidden="true" />
                Delete
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {tracking.dialogs}
      {link.canEdit ? (
        <DeleteLinkButton link={link} control={{ open: deleting, onOpenChange: setDeleting }} />
      ) : null}
    </>
  );
}
