import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OkResponse,
  RecoveryCodes,
  TotpSetup,
  TwoFactorStatus,
  type TotpConfirmBody,
} from '@mailtokit/contracts/auth';
import { api } from '@/lib/api-client';
import { withFreshPassword } from '@/lib/fresh-password';
import { queryKeys } from '@/lib/query-keys';

/** Whether two-step sign-in is on, and how many recovery codes are left. */
export function getTwoFactor({ signal }: { signal?: AbortSignal } = {}): Promise<TwoFactorStatus> {
  return api.get('/api/v1/auth/two-factor', { schema: TwoFactorStatus, signal });
}

export const getTwoFactorQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.twoFactor,
    queryFn: ({ signal }) => getTwoFactor({ signal }),
  });

export function useTwoFactor() {
  return useQuery(getTwoFactorQueryOptions());
}

/**
 * A new secret for an authenticator app, waiting for its first code. This and the other
 * changes below need a fresh password: the password dialog asks for it when the server does.
 */
export function setUpTotp(): Promise<TotpSetup> {
  return withFreshPassword(() =>
    api.post('/api/v1/auth/two-factor/totp', { body: {}, schema: TotpSetup }),
  );
}

export function useSetUpTotp() {
  return useMutation({ mutationFn: setUpTotp });
}

/** Turns two-step sign-in on; the recovery codes, shown once. */
export function confirmTotp(input: TotpConfirmBody): Promise<RecoveryCodes> {
  return api.post('/api/v1/auth/two-factor/totp/confirm', { body: input, schema: RecoveryCodes });
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor }),
  });
}

export function disableTotp(): Promise<OkResponse> {
  return withFreshPassword(() =>
    api.post('/api/v1/auth/two-factor/totp/disable', { body: {}, schema: OkResponse }),
  );
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor }),
  });
}

export function regenerateRecoveryCodes(): Promise<RecoveryCodes> {
  return withFreshPassword(() =>
    api.post('/api/v1/auth/two-factor/recovery-codes', { body: {}, schema: RecoveryCodes }),
  );
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor }),
  });
}
