import net from 'node:net';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Is PostgreSQL listening? CI requires it; a laptop without one skips that suite loudly. */
function pgReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

export default defineConfig(async () => {
  const requirePg = process.env.CI === 'true' || process.env.REQUIRE_PG === '1';
  const withPg = requirePg || (await pgReachable(PG_URL));
  if (!withPg)
    console.warn(
      `\n[vitest] PostgreSQL not reachable at ${PG_URL}: the PostgreSQL API suite is skipped.\n`,
    );

  const api = (name: string, dialect: 'sqlite' | 'postgres') => ({
    extends: true as const,
    test: {
      name,
      include: ['apps/server/test/**/*.test.ts'],
      env: { TEST_DIALECT: dialect, TEST_PG_URL: PG_URL },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });

  return {
    // The web app's `@/` imports, so its pure modules can be unit-tested here.
    resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
    test: {
      // At least two files at once: the API files mostly wait on PostgreSQL, SQLite and timers,
      // so on two cores two workers finish in far less time than Vitest's default (cores - 1).
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: [
              'packages/**/*.test.ts',
              'apps/server/src/**/*.test.ts',
              'apps/web/src/**/*.test.ts',
              'scripts/**/*.test.ts',
            ],
          },
        },
        {
          // Web components rendered with Testing Library in a simulated DOM.
          extends: true,
          test: {
            name: 'web-components',
            include: ['apps/web/src/**/*.test.tsx'],
            environment: 'happy-dom',
            setupFiles: ['apps/web/src/test/setup.ts'],
            // Typing is simulated key by key; a busy machine needs more than the default 5 s.
            testTimeout: 20_000,
          },
        },
        api('api-sqlite', 'sqlite'),
        ...(withPg ? [api('api-postgres', 'postgres')] : []),
      ],
    },
  };
});
