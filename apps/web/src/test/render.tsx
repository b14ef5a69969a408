import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

/** A JSON response, as the API answers, for a stubbed `fetch`. */
export function json(body: unknown, status = 200, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A query client for one test: a failed query is shown at once, never retried. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/**
 * Renders `ui` as the app would: inside a query client (a fresh one unless given) and a router
 * at `path` (default `/`).
 */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/', client = testQueryClient() }: { path?: string; client?: QueryClient } = {},
): RenderResult & { client: QueryClient } {
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}
