import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { signInPath } from '@/features/auth/lib/return-path';
import { useAuth } from '@/lib/auth/use-auth';

interface FooterLink {
  label: string;
  to: string;
  /** Goes to /auth (and on to the page once signed in) when nobody is signed in. */
  needsAuth?: boolean;
  /** Served by the API server, not the SPA: a plain link. */
  external?: boolean;
}

const COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Link generator', to: '/#generator' },
      { label: 'Link management', to: '/dashboard?tab=links', needsAuth: true },
      { label: 'Click tracking', to: '/dashboard?tab=analytics', needsAuth: true },
      { label: 'Team access', to: '/dashboard?tab=teams', needsAuth: true },
    ],
  },
  {
    title: 'Developers',
    links: [
      { label: 'API', to: '/dashboard', needsAuth: true },
      { label: 'API reference', to: '/api/docs', external: true },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'Pricing', to: '/pricing' },
      { label: 'About', to: '/about' },
      { label: 'Contact', to: '/contact' },
      { label: 'Privacy policy', to: '/privacy' },
    ],
  },
];

const linkClass =
  'rounded-sm text-sm text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';

export function Footer() {
  const { isAuthenticated } = useAuth();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t bg-muted/40 dark:bg-card/40">
      <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)] lg:px-8">
        <div className="max-w-xs">
          <Logo />
          <p className="mt-4 text-sm text-muted-foreground">
            Correctly encoded mailto links in seconds. Save them, share them with your team and see
            who clicks.
          </p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-3 grid gap-2.5">
              {column.links.map((link) => (
                <li key={link.label}>
                  {link.external ? (
                    <a href={link.to} className={linkClass}>
                      {link.label}
                    </a>
                  ) : (
                    <Link
                      to={link.needsAuth && !isAuthenticated ? signInPath(link.to) : link.to}
                      className={linkClass}
                    >
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <div className="mx-auto flex w-full max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>© {year} MailtoKit. All rights reserved.</p>
          <p>Links built to RFC 6068. No third-party trackers.</p>
        </div>
      </div>
    </footer>
  );
}
