import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The project's own lint config, applied to planted imports. `no-cycle` is left out: it
 * follows every import through the repository and has nothing to say about these snippets.
 */
let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: { rules: { 'import-x/no-cycle': 'off' } },
  });
  // The first run loads the config, the parsers and the import resolver: seconds on a busy machine.
  await eslint.lintText('export {};\n', { filePath: path.join(ROOT, 'apps/server/src/x.ts') });
}, 120_000);

/** The rule ids lint reports for `code` placed at `file` (relative to the repository). */
async function ruleIdsOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

const BOUNDARY = 'import-x/no-restricted-paths';

describe('import boundaries (eslint.config.js)', () => {
  it.each([
    [
      "another module's repo, from a service",
      'apps/server/src/modules/tracking/planted.ts',
      "import * as linksRepo from '../links/repo';\nexport const x = linksRepo;\n",
    ],
    [
      "the access module's repo, from another module's repo",
      'apps/server/src/modules/webhooks/planted-repo.ts',
      "import { hasMembership } from '../access/repo';\nexport const x = hasMembership;\n",
    ],
    [
      "the access module's visibility builder by its own file, from another module",
      'apps/server/src/modules/tracking/planted-repo.ts',
      "import { linkVisibleTo } from '../access/visibility';\nexport const x = linkVisibleTo;\n",
    ],
    [
      'a module, from a migration',
      'apps/server/src/db/migrations/999-planted.ts',
      "import { LinksService } from '../../modules/links/service';\nexport const x = LinksService;\n",
    ],
    [
      'the composition root, from lib/',
      'apps/server/src/lib/planted.ts',
      "import { buildServices } from '../app/services';\nexport const x = buildServices;\n",
    ],
    [
      'a module, from db/',
      'apps/server/src/db/planted.ts',
      "import { toUser } from '../modules/users/mapper';\nexport const x = toUser;\n",
    ],
    [
      'a module, from config.ts',
      'apps/server/src/config.ts',
      "import { ContactService } from './modules/contact/service';\nexport const x = ContactService;\n",
    ],
    [
      'the server, from the web app by a relative path',
      'apps/web/src/lib/planted.ts',
      "import { systemClock } from '../../../server/src/lib/clock';\nexport const x = systemClock;\n",
    ],
    [
      'the web app, from the server by a relative path',
      'apps/server/src/lib/planted.ts',
      "import * as web from '../../../web/src/lib/cn';\nexport const x = web;\n",
    ],
  ])(
    'refuses %s',
    async (_what, file, code) => {
      expect(await ruleIdsOf(file, code)).toContain(BOUNDARY);
    },
    30_000,
  );

  it.each([
    [
      "the access module's visibility builder through its service, from a repo",
      'apps/server/src/modules/tracking/planted-repo.ts',
      "import { linkVisibleToSql } from '../access/service';\nexport const x = linkVisibleToSql;\n",
    ],
    [
      "another module's service, from a service",
      'apps/server/src/modules/tracking/planted.ts',
      "import { LinksService } from '../links/service';\nexport const x = LinksService;\n",
    ],
    [
      'lib/, from a migration',
      'apps/server/src/db/migrations/999-planted.ts',
      "import { systemClock } from '../../lib/clock';\nexport const x = systemClock;\n",
    ],
  ])(
    'allows %s',
    async (_what, file, code) => {
      expect(await ruleIdsOf(file, code)).not.toContain(BOUNDARY);
    },
    30_000,
  );
});
