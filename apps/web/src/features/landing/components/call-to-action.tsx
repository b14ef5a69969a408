import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/use-auth';

export function CallToAction() {
  const { isAuthenticated } = useAuth();
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-16 sm:px-6 sm:pb-24 lg:px-8">
      <div className="mx-auto flex w-full max-w-5xl flex-col items-center gap-6 rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-lg sm:px-12 dark:border dark:border-primary/25 dark:bg-accent dark:text-foreground dark:shadow-none">
        <h2 id="cta-title" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          Keep your best links in one place
        </h2>
        <p className="max-w-xl text-pretty opacity-90">
          Save links, share them with your team and see how they perform. Free to start.
        </p>
        <Button
          size="lg"
          variant="secondary"
          asChild
          className="dark:bg-primary dark:text-primary-foreground dark:hover:bg-primary/90"
        >
          {isAuthenticated ? (
            <Link to="/dashboard">
              Open your dashboard
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          ) : (
            <Link to="/auth?tab=register">
              Create your free account
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          )}
        </Button>
      </div>
    </section>
  );
}
