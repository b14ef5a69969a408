import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { useLogout } from '../api/logout';

/** Sign out with a toast for success or failure, then go home. Used by the header and sidebar. */
export function useSignOut() {
  const navigate = useNavigate();
  const logout = useLogout({
    // Leave the signed-in pages first; the cached user is cleared after (useLogout).
    onSuccess: async () => {
      await navigate('/');
      toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
    },
    onError: async () => {
      // The session is cleared locally anyway (useLogout), so the visitor is signed out here.
      await navigate('/');
      toast({
        variant: 'destructive',
        title: 'Logout failed',
        description: 'An unexpected error occurred during logout.',
      });
    },
  });
  return { signOut: () => logout.mutate(), isPending: logout.isPending };
}
