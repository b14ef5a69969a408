import { useEffect } from 'react';
import type { User } from '@mailtokit/contracts/user';
import { isPremiumTier } from '../user';
import { useMe } from './get-me';

export interface AuthState {
  user: User | null;
  /** True until the first current-user answer arrives. */
  isLoading: boolean;
  isAuthenticated: boolean;
  /** PREMIUM or TEAM. */
  isPremium: boolean;
  /** TEAM only. */
  hasTeamAccess: boolean;
}

/** Auth state derived from the current-user query. */
export function useAuth(): AuthState {
  const { data, isPending, error } = useMe();

  // Failures other than 401 are logged and give no user.
  useEffect(() => {
    if (error && data === undefined) console.warn('Could not load the current user:', error);
  }, [error, data]);

  const user = data ?? null;
  return {
    user,
    isLoading: isPending,
    isAuthenticated: user !== null,
    isPremium: user ? isPremiumTier(user.subscriptionTier) : false,
    hasTeamAccess: user?.subscriptionTier === 'TEAM',
  };
}
