import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

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
export async function testPort(i: number): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORTS ?? '');
  if (range) {
    const [low, high] = [Number(range[1]), Number(range[2])];
    if (low + i > high) throw new Error(`TEST_PORTS=${low}-${high} has no port number ${i}`);
    return low + i;
  }
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
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
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok)
        return { child, base, output: () => output, stop };
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output}`);
}

/** fetch() options for a JSON request. */
export function jsonRequest(
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}
