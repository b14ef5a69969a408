import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '@mailtokit/test-kit/ports';
import { waitForHealth } from '@mailtokit/test-kit/process';

/**
 * The real entry point, run as a user would (through tsx, no build needed), as node's own
 * child: tsx's loader in this process, not the `tsx` command, whose extra process would take
 * the signals (a SIGKILL sent to it leaves the server running).
 */
export const ROOT = path.resolve(__dirname, '../../..');
const TSX_LOADER = ['--import', 'tsx'];
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

/**
 * A port for a server the test starts: the `i`th of `TEST_PORTS` (`low-high`, a range of one's
 * own on a shared machine) when that is set, else one the operating system reports free.
 */
export function testPort(i: number): Promise<number> {
  return freePort({ range: process.env.TEST_PORTS, name: 'TEST_PORTS', index: i });
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  output: () => string;
  /** SIGTERM, then the exit code. */
  stop: () => Promise<number | null>;
}

/** Starts `main.ts` with `env` on `port` and waits until its health check answers 200. */
export async function startServerProcess(
  port: number,
  env: NodeJS.ProcessEnv,
): Promise<ServerProcess> {
  // `node` as found on PATH, like a user's shell would: under scripts/with-node.mjs that is the
  // Node it fetched.
  const child = spawn('node', [...TSX_LOADER, MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
  const health = await waitForHealth(`${base}/api/v1/health`, {
    exited: () => child.exitCode !== null,
  });
  if (health === 'up') return { child, base, output: () => output, stop };
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output}`);
}

export { jsonRequest } from '@mailtokit/test-kit/api';
