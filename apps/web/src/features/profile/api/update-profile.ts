import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ProfileBody } from '@mailtokit/contracts/auth';
import { User } from '@mailtokit/contracts/user';
import { api } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/auth/get-me';
import { queryKeys } from '@/lib/query-keys';

/** Profile form schema: the API's own (first name, last name, e-mail). */
export const updateProfileInputSchema = ProfileBody;
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
