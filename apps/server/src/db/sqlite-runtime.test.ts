import { describe, expect, it } from 'vitest';
import { sqliteRuntimeProblem } from './sqlite-runtime';

describe('the Node.js releases that can run the embedded SQLite database', () => {
  it('refuses a Node.js without Node-API 10 (20, and 22 before 22.14) with a way out', () => {
    for (const [version, napi] of [
      ['v20.20.2', '9'],
      ['v22.13.0', '9'],
      ['v18.20.0', undefined],
    ] as const) {
      const problem = sqliteRuntimeProblem(version, napi);
      expect(problem, version).toContain(`Node.js ${version} cannot load`);
      expect(problem).toContain('Use Node.js 22, 24 or 26');
      expect(problem).toContain('scripts/with-node.mjs 26');
      expect(problem).toContain('DATABASE_URL');
    }
  });

  it('accepts every supported line, Node.js 24 included', () => {
    for (const version of ['v22.14.0', 'v24.0.0', 'v24.22.3', 'v26.0.0'])
      expect(sqliteRuntimeProblem(version, '10'), version).toBeNull();
  });

  it('accepts the Node.js running this test (every supported line can)', () => {
    expect(sqliteRuntimeProblem(process.version, process.versions.napi)).toBeNull();
  });
});
