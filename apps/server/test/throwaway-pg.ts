import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The newest PostgreSQL server binaries on this machine (`PG_BIN` overrides), or null. */
export function findPgBin(): string | null {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) return fs.existsSync(path.join(fromEnv, 'initdb')) ? fromEnv : null;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

export interface ThrowawayCluster {
  url: string;
  /** Stops the server (`fast`: connections are terminated, as in a failover or a restart). */
  stop(): void;
  start(): void;
  /** Stops it if running and deletes its data directory. */
  destroy(): void;
}

/**
 * A PostgreSQL cluster of its own (data directory in the temp folder, given port, trust
 * authentication on 127.0.0.1) that a test may stop and start: never the machine's server.
 * As root the binaries run as the `postgres` user, which PostgreSQL requires.
 */
export function createThrowawayCluster(bin: string, port: number): ThrowawayCluster {
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mk-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    fs.chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const cmd = path.join(bin, tool);
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8' })
      : spawnSync(cmd, args, { encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`${tool} failed: ${result.stderr || result.stdout || result.error}`);
  };
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  let running = false;
  const cluster: ThrowawayCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', 'start']);
      running = true;
    },
    stop() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    destroy() {
      try {
        if (running) cluster.stop();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  cluster.start();
  return cluster;
}
