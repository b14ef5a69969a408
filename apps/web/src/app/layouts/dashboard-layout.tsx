import type { User } from '@mailtokit/contracts/user';
import { displayName } from '@/lib/user';
import {
  LayoutDashboardIcon,
  LogOutIcon,
  MenuIcon,
  SettingsIcon,
  UserRoundIcon,
  XIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { UserAvatar } from '@/components/user-avatar';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { useAuth } from '@/lib/auth/use-auth';
import { cn } from '@/lib/cn';
import { useCommandPalette } from '../command-palette/palette-host';
import { Header } from './header';
import { SkipLink } from './skip-link';

const NAV = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboardIcon, end: true },
  { to: '/dashboard/profile', label: 'Profile', icon: UserRoundIcon, end: false },
  { to: '/dashboard/settings', label: 'Settings', icon: SettingsIcon, end: false },
];

/** Who is signed in; placeholders of the same height while the session loads. */
function SidebarUser({ user }: { user: User | null }) {
  if (!user)
    return (
      <div className="flex items-center gap-3 px-2">
        <Skeleton className="size-10 shrink-0 rounded-full" />
        <div className="grid min-w-0 flex-1 gap-1">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-3 w-32" />
        </div>
      </div>
    );
  const name = displayName(user);
  return (
    <div className="flex items-center gap-3 px-2">
      <UserAvatar user={user} className="size-10 text-sm" />
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold">{name}</p>
        {user.email ? (
          <p className="truncate text-xs text-muted-foreground" title={user.email}>
            {user.email}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function SidebarContent({ user, goTo }: { user: User | null; goTo: ReactNode }) {
  const { signOut, isPending } = useSignOut();
  return (
    <div className="flex h-full flex-col gap-6">
      <SidebarUser user={user} />
      {goTo}
      <nav aria-label="Dashboard" className="grid gap-1">
        {NAV.map(({ to, label, icon: Icon, end }) => (
          <NavLink
            key={to}
            to={to}
            end={end}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                isActive
                  ? 'bg-primary/10 text-primary dark:bg-primary/15'
                  : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
              )
            }
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </NavLink>
        ))}
      </nav>
      <div className="mt-auto border-t pt-4">
        <Button
          variant="ghost"
          className="w-full justify-start gap-3 px-3 text-muted-foreground hover:text-foreground"
          onClick={signOut}
          disabled={isPending || !user}
        >
          <LogOutIcon aria-hidden="true" />
          Sign out
        </Button>
      </div>
    </div>
  );
}

/**
 * Signed-in pages: header, sidebar (a collapsible menu below md) and the page. Drawn at once,
 * with placeholders for the user while the session loads (the page itself is guarded).
 */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  // The mobile menu belongs to the page it was opened on: navigating closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const { palette, button: paletteButton } = useCommandPalette();

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Header variant="app" />
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col md:flex-row md:gap-8 md:px-6 lg:px-8">
        <div className="flex items-center justify-between gap-3 border-b px-4 py-2 sm:px-6 md:hidden">
          <Button
            variant="ghost"
            className="-ml-2 gap-2"
            aria-expanded={menuOpen}
            aria-controls="dashboard-sidebar"
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          >
            {menuOpen ? <XIcon aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
            Menu
          </Button>
          {paletteButton('min-w-0')}
        </div>
        <aside
          id="dashboard-sidebar"
          aria-label="Dashboard sidebar"
          className={cn(
            'border-b bg-card px-4 py-5 sm:px-6 md:sticky md:top-16 md:block md:h-[calc(100dvh-4rem)] md:w-60 md:shrink-0 md:border-r md:border-b-0 md:bg-transparent md:px-0 md:py-8 md:pr-6',
            menuOpen ? 'block' : 'hidden',
          )}
        >
          <SidebarContent user={user} goTo={paletteButton('hidden w-full md:flex')} />
        </aside>
        <main
          id="main-content"
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-8 outline-none sm:px-6 md:px-0 md:py-10"
        >
          {children}
        </main>
      </div>
      {palette}
    </div>
  );
}
