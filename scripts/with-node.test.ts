import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NEWEST_LINE } from './supported-node.mjs';
import { matchesSpec, newest } from './with-node.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('choosing a release', () => {
  it('matches a major, a minor or an exact version', () => {
    expect(matchesSpec('26.10.0', '26')).toBe(true);
    expect(matchesSpec('26.10.0', '26.10')).toBe(true);
    expect(matchesSpec('26.10.0', '26.10.0')).toBe(true);
    expect(matchesSpec('26.10.0', '2')).toBe(false);
    expect(matchesSpec('26.10.0', '26.1')).toBe(false);
    expect(matchesSpec('20.19.5', '26')).toBe(false);
  });

  it('takes the newest release numerically, not alphabetically', () => {
    expect(newest(['26.9.0', '26.10.0', '26.8.2'])).toBe('26.10.0');
    expect(newest(['24.2.0'])).toBe('24.2.0');
    expect(newest([])).toBeUndefined();
  });
});

describe('scripts/with-node.mjs', () => {
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(ROOT, 'scripts/with-node.mjs'), ...args], {
      encoding: 'utf8',
    });

  it('explains its usage and exits 2 without a version and a command', () => {
    const r = cli('26');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('usage: scripts/with-node.mjs <version');
  });

  it('runs the command as is, with its exit code, on the Node already running', () => {
    const major = process.versions.node.split('.')[0] ?? '';
    const r = cli(major, process.execPath, '-e', 'console.log(process.version); process.exit(3)');
    expect(r.status).toBe(3);
    expect(r.stdout.trim()).toBe(process.version);
  });
});

describe('scripts/supported-node.mjs as a command', () => {
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(ROOT, 'scripts/supported-node.mjs'), ...args], {
      encoding: 'utf8',
      env: { ...process.env, npm_lifecycle_event: 'bench:loss' },
    });

  it('runs the command on this supported Node as is, silently, with its exit code', () => {
    const r = cli('node', '-e', 'console.log(process.version); process.exit(4)');
    expect(r.status).toBe(4);
    expect(r.stdout.trim()).toBe(process.version);
    expect(r.stderr).toBe('');
  });

  it('explains its usage and exits 2 without a command', () => {
    const r = cli();
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('usage: scripts/supported-node.mjs <command>');
  });
});

describe('a command started on a Node.js older than the supported lines', () => {
  // Node.js 20 (the machine's own where it has one, else fetched once, as Node 26 is).
  it('runs on the newest LTS line instead, saying so in one line', { timeout: 300_000 }, () => {
    const r = spawnSync(
      process.execPath,
      [
        path.join(ROOT, 'scripts/with-node.mjs'),
        '20',
        'node',
        path.join(ROOT, 'scripts/supported-node.mjs'),
        'node',
        '-p',
        'process.version',
      ],
      { encoding: 'utf8', env: { ...process.env, npm_lifecycle_event: 'bench:loss' } },
    );
    expect(r.stderr).not.toMatch(/Segmentation|Error/);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(new RegExp(`^v${NEWEST_LINE}\\.`));
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('[mailtokit]'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^\\[mailtokit\\] Node\\.js v20\\.\\d+\\.\\d+ is not a supported release .*: npm run bench:loss runs on Node\\.js ${NEWEST_LINE} from the npm registry \\(v${NEWEST_LINE}\\.`,
      ),
    );
  });
});
