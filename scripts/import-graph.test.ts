import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = 'apps/server/src';

/**
 * The import cycles of the server that are known and not yet removed, each as the sorted files
 * of one strongly connected component. Lint's `no-cycle` skips type-only imports; this check
 * counts them too, since two files that need each other's types are still tied together.
 * Nothing may be added here: a new cycle fails the test, and so does a listed one that is gone
 * (remove it from the list).
 */
const KNOWN_CYCLES: string[][] = [];

/** Every non-test .ts file under `dir`, relative to the repository root. */
function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')));
}

/** The file a relative specifier names (`./x` -> x.ts or x/index.ts), or null if none. */
function resolve(from: string, specifier: string, files: Set<string>): string | null {
  const base = path.posix.join(path.posix.dirname(from), specifier);
  for (const candidate of [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}/index.ts`])
    if (files.has(candidate)) return candidate;
  return null;
}

/** file -> the files it imports: static, dynamic, re-exports and type-only imports alike. */
function importGraph(dir: string): Map<string, string[]> {
  const files = sourceFiles(dir);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => resolve(file, name, known))
      .filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components of more than one file, or of a file importing itself. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (;;) {
      const w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

describe('the import graph of the server', () => {
  it('reads type-only, dynamic and re-exported imports', () => {
    const graph = importGraph(SERVER);
    expect(graph.get(`${SERVER}/app.ts`)).toContain(`${SERVER}/lib/clock.ts`);
    // `import type { LinkAccessRules } from '../access/service'`: type-only, and counted.
    expect(graph.get(`${SERVER}/modules/analytics/service.ts`)).toContain(
      `${SERVER}/modules/access/service.ts`,
    );
    expect(graph.size).toBeGreaterThan(50);
  });

  it('has no cycle, type-only imports included, beyond the known ones', () => {
    expect(cyclesOf(importGraph(SERVER))).toEqual(KNOWN_CYCLES);
  });
});
