import { LayoutDashboardIcon } from 'lucide-react';
import { Suspense } from 'react';
import { Link, NavLink } from 'react-router';
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

export function Header() {
  const { user, isLoading } = useAuth();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur-md supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 w-full max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Logo className="mr-4" />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
                  isActive && !item.to.includes('#') && 'text-foreground',
                )
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          <ThemeToggle />
          {isLoading || user ? (
            // A browser that holds a session is shown signed in while the server confirms it.
            <>
              <Button variant="outline" asChild className="hidden sm:inline-flex">
                <Link to="/dashboard">
                  <LayoutDashboardIcon aria-hidden="true" />
                  Dashboard
                </Link>
              </Button>
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
              <Button variant="ghost" asChild className="px-3">
                <Link to="/auth">Sign In</Link>
              </Button>
              <Button asChild className="px-3 sm:px-4">
                <Link to="/auth?tab=register">Get Started</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
