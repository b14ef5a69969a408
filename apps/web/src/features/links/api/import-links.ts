import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkImportInvalid, LinkImportResult } from '@mailtokit/contracts/links';
import { ApiError, api } from '@/lib/api-client';
import { LINKS_PATH } from '@/lib/links/get-link';
import { queryKeys } from '@/lib/query-keys';

export const EXPORT_CSV_PATH = `${LINKS_PATH}export.csv`;
const IMPORT_PATH = `${LINKS_PATH}import`;

/** What an import (or its dry run) answered: the result, or the invalid rows. */
export type ImportOutcome =
  { ok: true; result: LinkImportResult } | { ok: false; invalid: LinkImportInvalid };

/**
 * Sends a CSV file to the import in `partial` mode: the valid rows are imported, the invalid
 * ones skipped and listed in the result; `dryRun` only validates. A file with no valid row
 * comes back as `{ok: false}`; any other failure (file unreadable, too large, plan) throws
 * ApiError.
 */
export async function importLinks(csv: string, dryRun: boolean): Promise<ImportOutcome> {
  try {
    const result = await api.post(`${IMPORT_PATH}?mode=partial${dryRun ? '&dryRun=true' : ''}`, {
      raw: { type: 'text/csv', data: csv },
      // The schemas load with the first import, not with the links tab.
      schema: async () => (await import('@mailtokit/contracts/links')).LinkImportResult,
    });
    return { ok: true, result };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      const { LinkImportInvalid: schema } = await import('@mailtokit/contracts/links');
      const invalid = schema.safeParse(error.body);
      if (invalid.success) return { ok: false, invalid: invalid.data };
    }
    throw error;
  }
}

/** Checks a file without writing anything. */
export function useImportDryRun() {
  return useMutation({ mutationFn: (csv: string) => importLinks(csv, true) });
}

/** Imports a file; on success every links list refreshes. */
export function useImportLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => importLinks(csv, false),
    onSuccess: (outcome) => {
      if (outcome.ok) void queryClient.invalidateQueries({ queryKey: queryKeys.links.all });
    },
  });
}
