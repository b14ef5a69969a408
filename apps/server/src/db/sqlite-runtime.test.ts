import { describe, expect, it } from 'vitest';
import { sqliteRuntimeProblem } from './sqlite-runtime';

describe('the Node.js releases that can run the embedded SQLite database', () => {
  it('refuses Node.js 24.19 and later 24 releases with a way out', () => {
    for (const version of ['v24.19.0', '24.21.0', 'v24.30.1']) {
      const problem = sqliteRuntimeProblem(version);
      expect(problem, version).toContain(`Node.js ${version}`);
      expect(problem).toContain('Use Node.js 20, 22 or 26');
      expect(problem).toContain('DATABASE_URL');
    }
  });

  it('accepts every other supported line', () => {
    for (const version of ['v20.19.0', 'v22.13.0', 'v24.18.0', 'v26.0.0', '26.10.0'])
      expect(sqliteRuntimeProblem(version), version).toBeNull();
  });
});
