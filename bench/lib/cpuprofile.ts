import fs from 'node:fs';
import path from 'node:path';
import type { LoadSummary } from './load';
import { BENCH_DIR } from './paths';
import { ms } from './report';

/** The parts of V8's .cpuprofile format (node --cpu-prof) read here. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileSummary {
  file: string;
  /** The samples counted (monotonic µs): the measured load's; absent, all of them. */
  windowUs?: [number, number];
  /** Requests answered in the profiled run's measured load. */
  requests?: number;
  totalMs: number;
  /** Share of sampled time not idle. */
  busyMs: number;
  byPackage: { name: string; selfMs: number; pct: number }[];
  topSelf: { frame: string; selfMs: number; pct: number }[];
  topInclusive: { frame: string; totalMs: number; pct: number }[];
}

/** Where a frame's code lives: an npm package, node's internals, our bundle, or V8 itself. */
function packageOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return 'node:internal';
  if (url.includes('/apps/server/dist/')) return 'mailtokit server bundle';
  return url;
}

function frameName(n: ProfileNode): string {
  const { functionName, url, lineNumber } = n.callFrame;
  const where = url
    ? `${packageOf(url, functionName)}:${path.basename(url)}:${lineNumber + 1}`
    : '';
  return `${functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
}

/**
 * Self time by package and by function, and inclusive time by function; with `windowUs`
 * (monotonic µs, the clock of `process.hrtime` and of the profile's timestamps), only the
 * samples taken inside it (say, the measured load without start-up, warm-up and drain).
 */
export function summarizeProfile(
  file: string,
  top = 25,
  windowUs?: [number, number],
): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const self = new Map<string, number>();
  const pkg = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  let idle = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (windowUs && (at < windowUs[0] || at > windowUs[1])) return;
    const dt = delta / 1000;
    const node = byId.get(id);
    if (!node) return;
    total += dt;
    const fn = node.callFrame.functionName;
    if (fn === '(idle)') {
      idle += dt;
      return;
    }
    const name = frameName(node);
    self.set(name, (self.get(name) ?? 0) + dt);
    const p = packageOf(node.callFrame.url, fn);
    pkg.set(p, (pkg.get(p) ?? 0) + dt);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      if (!n) break;
      const f = frameName(n);
      if (seen.has(f)) continue;
      seen.add(f);
      inclusive.set(f, (inclusive.get(f) ?? 0) + dt);
    }
  });
  const busy = total - idle;
  const pct = (v: number) => Math.round((1000 * v) / busy) / 10;
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
  return {
    file,
    ...(windowUs ? { windowUs } : {}),
    totalMs: Math.round(total),
    busyMs: Math.round(busy),
    byPackage: sorted(pkg)
      .slice(0, top)
      .map(([name, v]) => ({ name, selfMs: Math.round(v), pct: pct(v) })),
    topSelf: sorted(self)
      .slice(0, top)
      .map(([frame, v]) => ({ frame, selfMs: Math.round(v), pct: pct(v) })),
    topInclusive: sorted(inclusive)
      .filter(([f]) => !f.startsWith('(root)') && !f.startsWith('(program)'))
      .slice(0, top * 2)
      .map(([frame, v]) => ({ frame, totalMs: Math.round(v), pct: pct(v) })),
  };
}

export function printProfile(s: ProfileSummary): void {
  console.log(
    `\nCPU profile ${s.file}${s.windowUs ? ' (the measured load only)' : ''}: ${s.busyMs} ms busy of ${s.totalMs} ms sampled`,
  );
  console.log('\nself time by package:');
  for (const p of s.byPackage) console.log(`  ${String(p.pct).padStart(5)}%  ${p.name}`);
  console.log('\nself time by function:');
  for (const f of s.topSelf) console.log(`  ${String(f.pct).padStart(5)}%  ${f.frame}`);
  console.log('\ninclusive time by function:');
  for (const f of s.topInclusive) console.log(`  ${String(f.pct).padStart(5)}%  ${f.frame}`);
}

/**
 * Runs `run` once more with the server's CPU profiler writing into a new folder under
 * bench/results/profiles, then prints and returns the profile's summary (null when the server
 * wrote none).
 */
export async function profiledRun(
  what: string,
  run: (profileDir: string) => Promise<{ summary: LoadSummary }>,
): Promise<ProfileSummary | null> {
  const dir = path.join(
    BENCH_DIR,
    'results',
    'profiles',
    new Date().toISOString().replace(/[:.]/g, '-'),
  );
  fs.mkdirSync(dir, { recursive: true });
  console.log(`\nprofiling ${what}; profile in ${dir}`);
  const profiled = await run(dir);
  console.log(
    `  (with the profiler on: ${Math.round(profiled.summary.reqPerSecMean)} req/s, p99 ${ms(profiled.summary.latencyMs.p99)} ms)`,
  );
  const file = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))[0];
  if (!file) {
    console.log('no profile written');
    return null;
  }
  // The measured load alone: not start-up, warm-up, nor what the server does after it.
  const profile = {
    ...summarizeProfile(file, 25, profiled.summary.windowUs),
    requests: profiled.summary.requestsTotal,
  };
  printProfile(profile);
  return profile;
}
