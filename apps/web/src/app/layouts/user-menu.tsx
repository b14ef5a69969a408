import type { User } from '@mailtokit/contracts/user';
import { ChevronDownIcon } from 'lucide-react';
import { lazy, type ComponentProps } from 'react';
import { MenuOnFirstUse } from '@/components/menu-on-first-use';
import { UserAvatar } from '@/components/user-avatar';
import { Button } from '@/components/ui/button';
import { displayName } from '@/lib/user';

// eslint-disable-next-line import-x/no-cycle -- loaded on first open; it reuses this file's button, no load-order cycle
const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.UserMenuDropdown })));

/**
 * The menu's button: labelled with first name, else username. On wider screens the name takes
 * a fixed width (a long one is cut short), the same as the header's placeholder for the button:
 * the header's other buttons, right-aligned beside it, never move when it arrives.
 */
export function UserMenuButton({ user, ...props }: { user: User } & ComponentProps<'button'>) {
  const name = displayName(user);
  return (
    <Button variant="ghost" aria-label="User menu" className="h-10 gap-2 px-1.5 sm:px-2" {...props}>
      <UserAvatar name={name} />
      <span className="hidden w-16 truncate text-left sm:block">{name}</span>
      <ChevronDownIcon aria-hidden="true" className="text-muted-foreground" />
    </Button>
  );
}

/**
 * Header menu of a signed-in user. Its dropdown code loads when the pointer or focus reaches
 * the button and takes over (open) on the first click or Enter / Space / Arrow Down.
 */
export function UserMenu({ user }: { user: User }) {
  return (
    <MenuOnFirstUse
      load={loadDropdown}
      button={(triggerProps) => <UserMenuButton user={user} {...triggerProps} />}
      menu={<UserMenuDropdown user={user} />}
    />
  );
}
