import type { User } from '@mailtokit/contracts/user';
import { isPremiumTier } from '../user';
import { useAuthSnapshot } from './auth-store';

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

/** Auth state derived from the current-user query, via the auth store. */
export function useAuth(): AuthState {
  const { user, isLoading } = useAuthSnapshot();
  return {
    user,
    isLoading,
    isAuthenticated: user !== null,
    isPremium: user ? isPremiumTier(user.subscriptionTier) : false,
    hasTeamAccess: user?.subscriptionTier === 'TEAM',
  };
}
