import { LayoutDashboardIcon, MenuIcon, XIcon } from 'lucide-react';
import { Suspense, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth/use-auth';
import { lazyWithQuery } from '@/lib/query-host';
import { cn } from '@/lib/cn';

// Only signed-in visitors see the menu: its dropdown code loads for them alone.
const UserMenu = lazyWithQuery(() => import('./user-menu').then((m) => m.UserMenu));

/**
 * Where the user menu's button goes, while the session or the menu's code loads: as wide as the
 * button (avatar, the name's fixed width on wider screens, arrow), so nothing in the header
 * moves when it arrives.
 */
function UserMenuPlaceholder() {
  return (
    <div aria-hidden="true" className="inline-flex h-10 shrink-0 items-center gap-2 px-1.5 sm:px-2">
      <Skeleton className="size-8 rounded-full" />
      <Skeleton className="hidden h-4 w-16 sm:block" />
      <span className="size-4" />
    </div>
  );
}

const NAV = [
  { to: '/#generator', label: 'Generator' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
];

const navLinkClass = (active: boolean, hash: boolean) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
    active && !hash && 'text-foreground',
  );

/**
 * The public site's pages on phones and small tablets: a button that shows or hides them (a
 * disclosure) under the header. It closes on navigation, on Escape (focus goes back to the
 * button) and when a click lands outside it.
 */
function MobileNav({ signedIn }: { signedIn: boolean }) {
  const { pathname, hash } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const where = pathname + hash;
  const open = openOn === where;
  const panelId = useId();
  const buttonId = `${panelId}-button`;

  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent | PointerEvent) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        document.getElementById(buttonId)?.focus();
      } else {
        const target = event.target as Node | null;
        const inside = [panelId, buttonId].some((id) =>
          document.getElementById(id)?.contains(target),
        );
        if (inside) return;
      }
      setOpenOn(null);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open, panelId, buttonId]);

  return (
    <>
      <Button
        id={buttonId}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenOn(open ? null : where)}
      >
        {open ? <XIcon aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
      </Button>
      <nav
        id={panelId}
        aria-label="Site"
        hidden={!open}
        className="absolute inset-x-0 top-full border-b bg-background shadow-md md:hidden"
      >
        <ul className="mx-auto grid w-full max-w-7xl gap-1 px-4 py-3 sm:px-6">
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className={({ isActive }) =>
                  cn(navLinkClass(isActive, item.to.includes('#')), 'block text-base')
                }
                onClick={() => setOpenOn(null)}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          <li className="mt-2 border-t pt-3">
            {signedIn ? (
              <Link
                to="/dashboard"
                className={cn(navLinkClass(false, false), 'flex items-center gap-2 text-base')}
              >
                <LayoutDashboardIcon className="size-4" aria-hidden="true" />
                Dashboard
              </Link>
            ) : (
              <Link to="/auth" className={cn(navLinkClass(false, false), 'block text-base')}>
                Sign in
              </Link>
            )}
          </li>
        </ul>
      </nav>
    </>
  );
}

export interface HeaderProps {
  /** `app`: the signed-in app's header (no links to the public site's pages). */
  variant?: 'site' | 'app';
}

export function Header({ variant = 'site' }: HeaderProps) {
  const { user, isLoading } = useAuth();
  const site = variant === 'site';
  const signedIn = isLoading || !!user;
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur-md supports-[backdrop-filter]:bg-background/75">
      <div className="relative mx-auto flex h-16 w-full max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Logo className="mr-2 sm:mr-4" />
        {site ? (
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {NAV.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                className={({ isActive }) => navLinkClass(isActive, item.to.includes('#'))}
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
        ) : null}
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {signedIn ? (
            // A browser that holds a session is shown signed in while the server confirms it.
            <>
              {site ? (
                <Button variant="outline" asChild className="hidden sm:inline-flex">
                  <Link to="/dashboard">
                    <LayoutDashboardIcon aria-hidden="true" />
                    Dashboard
                  </Link>
                </Button>
              ) : null}
              {user ? (
                <Suspense fallback={<UserMenuPlaceholder />}>
                  <UserMenu user={user} />
                </Suspense>
              ) : (
                <UserMenuPlaceholder />
              )}
            </>
          ) : (
            <>
              {/* Phones find it in the menu. */}
              <Button variant="ghost" asChild className="hidden px-3 sm:inline-flex">
                <Link to="/auth">Sign in</Link>
              </Button>
              <Button asChild className="px-3 sm:px-4">
                <Link to="/auth?tab=register">Get started</Link>
              </Button>
            </>
          )}
          {site ? <MobileNav signedIn={signedIn} /> : null}
        </div>
      </div>
    </header>
  );
}
