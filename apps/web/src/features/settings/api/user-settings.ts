import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserSettings, type UserSettingsPatch } from '@mailtokit/contracts/user';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The account's settings kept on the server (e-mail notifications). */
export function getUserSettings({ signal }: { signal?: AbortSignal } = {}): Promise<UserSettings> {
  return api.get('/api/v1/settings', { schema: UserSettings, signal });
}

export const userSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => getUserSettings({ signal }),
  });

export function useUserSettings() {
  return useQuery(userSettingsQueryOptions());
}

export function updateUserSettings(patch: UserSettingsPatch): Promise<UserSettings> {
  return api.patch('/api/v1/settings', { body: patch, schema: UserSettings });
}

/** Changes a setting; the answer replaces the cached settings. */
export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserSettings,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.settings, settings),
  });
}
