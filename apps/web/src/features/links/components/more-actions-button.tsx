import type { MailtoLink } from '@mailtokit/contracts/links';
import { EllipsisVerticalIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';

/** The button of a row's menu of other actions. */
export function MoreActionsButton({
  link,
  ...props
}: { link: MailtoLink } & ComponentProps<'button'>) {
  return (
    <Button variant="ghost" size="icon" aria-label={`More actions for ${link.name}`} {...props}>
      <EllipsisVerticalIcon aria-hidden="true" />
    </Button>
  );
}
