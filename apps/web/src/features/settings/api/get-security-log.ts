import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SecurityEventList } from '@mailtokit/contracts/security-log';
import { ApiError, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Events per page of Settings > Security. */
export const SECURITY_LOG_PAGE_SIZE = 20;

export interface SecurityLogPage {
  events: SecurityEventList;
  /** How many events the account's log holds (X-Total-Count). */
  total: number;
}

/** One page of the signed-in user's security log, newest first. */
export async function getSecurityLog(
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SecurityLogPage> {
  const params = new URLSearchParams({
    limit: String(SECURITY_LOG_PAGE_SIZE),
    offset: String((page - 1) * SECURITY_LOG_PAGE_SIZE),
  });
  let total = NaN;
  const events = await api.get(`/api/v1/account/security-log?${params.toString()}`, {
    schema: SecurityEventList,
    signal,
    onResponse: (response) => {
      total = Number(response.headers.get('x-total-count') ?? NaN);
    },
  });
  if (!Number.isFinite(total))
    throw new ApiError(
      200,
      'INVALID_RESPONSE',
      'The server did not say how many events there are.',
    );
  return { events, total };
}

export function useSecurityLog(page: number) {
  return useQuery({
    queryKey: queryKeys.securityLog.page(page),
    queryFn: ({ signal }) => getSecurityLog(page, { signal }),
    placeholderData: keepPreviousData,
    // Tokens and webhooks change on other tabs: the log is read again whenever it is shown.
    refetchOnMount: 'always',
  });
}
