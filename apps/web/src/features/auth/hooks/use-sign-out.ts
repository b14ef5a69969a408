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
      toast({ title: 'Signed out', description: 'You have been signed out.' });
    },
    onError: async () => {
      // The session is cleared locally anyway (useLogout), so the visitor is signed out here.
      await navigate('/');
      toast({
        variant: 'destructive',
        title: 'Sign-out failed',
        description: 'An unexpected error occurred during sign-out.',
      });
    },
  });
  return { signOut: () => logout.mutate(), isPending: logout.isPending };
}
