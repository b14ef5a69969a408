import { Link2Icon, PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/use-auth';

/**
 * The links tab of the dashboard. Saved links arrive with the links API in the next release,
 * which replaces this component with the real list.
 */
export function LinksTab() {
  const { isPremium } = useAuth();
  return (
    <EmptyState
      icon={Link2Icon}
      title="No saved links yet"
      description={
        <>
          <p>Save a mailto link to reuse it, share it with your team or track its clicks.</p>
          {!isPremium ? (
            <p className="mt-2">
              Saved links are part of the{' '}
              <Link
                to="/pricing"
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Premium plan
              </Link>
              .
            </p>
          ) : null}
        </>
      }
      action={
        <Button asChild>
          <Link to="/dashboard/create-link">
            <PlusIcon aria-hidden="true" />
            Create New Link
          </Link>
        </Button>
      }
    />
  );
}
