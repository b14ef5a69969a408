import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserSettingsBody, UserSettings } from '@mailtokit/contracts/settings';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// Loaded on use: the dialogs and Settings show without zod.
const schema = async () => (await import('@mailtokit/contracts/settings')).UserSettings;

/** GET /api/v1/settings: the account's settings kept on the server. */
export function getAccountSettings({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<UserSettings>('/api/v1/settings', { schema, signal });
}

export const accountSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => getAccountSettings({ signal }),
    staleTime: 5 * 60_000,
  });

/** The account's settings (how new tracking links open, email notifications). `enabled`: false to wait. */
export function useAccountSettings(enabled = true) {
  return useQuery({ ...accountSettingsQueryOptions(), enabled });
}

/** PATCH /api/v1/settings: the settings given change, the others stay. */
export function useUpdateAccountSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserSettingsBody) =>
      api.patch<UserSettings>('/api/v1/settings', { body, schema }),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.settings, settings),
  });
}
