import type { User } from '@mailtokit/contracts/user';
import { lazy } from 'react';
import { MenuOnFirstUse } from '@/components/menu-on-first-use';
import { UserMenuButton } from './user-menu-button';

const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.UserMenuDropdown })));

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
