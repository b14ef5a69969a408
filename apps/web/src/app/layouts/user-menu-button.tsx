import type { User } from '@mailtokit/contracts/user';
import { ChevronDownIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { UserAvatar } from '@/components/user-avatar';
import { Button } from '@/components/ui/button';
import { displayName } from '@/lib/user';

/**
 * The user menu's button: labelled with first name, else username. On wider screens the name
 * takes a fixed width (a long one is cut short), the same as the header's placeholder for the
 * button: the header's other buttons, right-aligned beside it, never move when it arrives.
 * Shared by the menu and its lazily loaded dropdown.
 */
export function UserMenuButton({ user, ...props }: { user: User } & ComponentProps<'button'>) {
  const name = displayName(user);
  return (
    <Button variant="ghost" aria-label="User menu" className="h-10 gap-2 px-1.5 sm:px-2" {...props}>
      <UserAvatar user={user} />
      <span className="hidden w-16 truncate text-left sm:block">{name}</span>
      <ChevronDownIcon aria-hidden="true" className="text-muted-foreground" />
    </Button>
  );
}
