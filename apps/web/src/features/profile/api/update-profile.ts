import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ProfileBody } from '@mailtokit/contracts/auth';
import { User } from '@mailtokit/contracts/user';
import { api } from '@/lib/api-client';
import { withFreshPassword } from '@/lib/fresh-password';
import { setCurrentUser } from '@/lib/auth/get-me';
import { queryKeys } from '@/lib/query-keys';

/** True when `email` is another address than the account's (a change of letter case is not). */
export function emailChanges(email: string, current: string | null): boolean {
  return email.trim().toLowerCase() !== (current ?? '').toLowerCase();
}

/**
 * Profile form schema: the API's own (first name, last name, e-mail, and the current password
 * for a new e-mail address), checked here for quick feedback. The password is not required
 * here: a password confirmed in the session within the last minutes is enough for the server,
 * and when it is not, the password dialog asks (see `updateProfile`).
 */
export const updateProfileInputSchema = ProfileBody;
export type UpdateProfileFormValues = z.input<typeof ProfileBody>;
export type UpdateProfileInput = z.output<typeof ProfileBody>;

/**
 * Saves the profile. Sent without a password, a new e-mail address that the server refuses for
 * want of a fresh one goes again after the password dialog; a typed password is the form's own.
 */
export function updateProfile(input: UpdateProfileInput): Promise<User> {
  const save = () => api.put('/api/v1/profile', { body: input, schema: User });
  return input.currentPassword ? save() : withFreshPassword(save);
}

/** Saves the profile; the answer becomes the cached current user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (user) => {
      setCurrentUser(queryClient, user);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
