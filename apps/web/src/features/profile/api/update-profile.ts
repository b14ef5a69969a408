import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { EMAIL_CHANGE_NEEDS_PASSWORD, ProfileBody } from '@mailtokit/contracts/auth';
import { User } from '@mailtokit/contracts/user';
import { api } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/auth/get-me';
import { queryKeys } from '@/lib/query-keys';

/** True when `email` is another address than the account's (a change of letter case is not). */
export function emailChanges(email: string, current: string | null): boolean {
  return email.trim().toLowerCase() !== (current ?? '').toLowerCase();
}

/**
 * Profile form schema: the API's own (first name, last name, e-mail, and the current password
 * the server asks for when the e-mail address changes), checked here for quick feedback.
 */
export function updateProfileInputSchema(currentEmail: string | null) {
  return ProfileBody.superRefine((values, ctx) => {
    if (emailChanges(values.email, currentEmail) && !values.currentPassword)
      ctx.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: EMAIL_CHANGE_NEEDS_PASSWORD,
      });
  });
}
export type UpdateProfileFormValues = z.input<typeof ProfileBody>;
export type UpdateProfileInput = z.output<typeof ProfileBody>;

export function updateProfile(input: UpdateProfileInput): Promise<User> {
  return api.put('/api/v1/profile', { body: input, schema: User });
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
