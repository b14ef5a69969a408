import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_DIR } from './paths';

/** The 1, 5 and 15 minute load averages, as `uptime` prints them. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

/** What the figures were taken on: printed with every run and kept in the results file. */
export function machine() {
  const cpus = os.cpus();
  let free = '';
  try {
    free = execSync('free -h', { encoding: 'utf8' }).trim();
  } catch {
    free = `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB total`;
  }
  return {
    nproc: cpus.length,
    cpu: cpus[0]?.model ?? 'unknown',
    memory: free,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverageAtStart: loadAverage(),
    note: 'The load generator (autocannon, in this process) and the servers under test share the same cores.',
  };
}

export function printMachine(m: ReturnType<typeof machine>): void {
  console.log(
    `machine: ${m.nproc} cores (${m.cpu}), node ${m.node}, ${m.platform}; load average ${m.loadAverageAtStart}`,
  );
  console.log('load generator and servers share these cores\n');
}

/** Writes bench/results/<name>-<timestamp>.json and <name>-latest.json. */
export function writeResults(name: string, data: unknown): string {
  const dir = path.join(BENCH_DIR, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${name}-${stamp}.json`);
  const text = `${JSON.stringify(data, null, 2)}\n`;
  fs.writeFileSync(file, text);
  fs.writeFileSync(path.join(dir, `${name}-latest.json`), text);
  return file;
}

/** A plain-text table: right-aligned numbers, left-aligned text. */
export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const isNum = (s: string) => /^-?[\d.,]+( ms| x|%)?$/.test(s);
  const line = (r: string[]) =>
    `| ${r.map((c, i) => (isNum(c) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(header), rule, ...cells.slice(1).map(line)].join('\n');
}

export const ms = (n: number, digits = 2) => n.toFixed(digits);

/** Min, median and 95th percentile (nearest rank) of a sample. */
export function summarize(values: number[]): { min: number; median: number; p95: number } {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
  return { min: s[0] ?? NaN, median: at(0.5), p95: at(0.95) };
}

export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 2 ** 20) return `${(n / 1024).toFixed(1)} KiB`;
  if (n < 2 ** 30) return `${(n / 2 ** 20).toFixed(1)} MiB`;
  return `${(n / 2 ** 30).toFixed(2)} GiB`;
}
