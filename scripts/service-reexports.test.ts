import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = 'apps/server/src/modules';

/**
 * Lint keeps a module from importing another module's repo; this keeps a service from handing
 * its own repo's functions on to other modules (`export const x = repo.y`, `export { y } from
 * './repo'`), which would be the same import by another path.
 */

/** The names `service.ts` exports that are its repo's (or any repo file's) own. */
function repoReexports(text: string): string[] {
  const file = ts.createSourceFile('service.ts', text, ts.ScriptTarget.Latest, true);
  const repoNamespaces = new Set<string>();
  const found: string[] = [];
  const isRepoPath = (spec: ts.Expression | undefined) =>
    spec !== undefined && ts.isStringLiteral(spec) && /(^|[/-])repo$/.test(spec.text);
  for (const node of file.statements) {
    if (ts.isImportDeclaration(node) && isRepoPath(node.moduleSpecifier)) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) repoNamespaces.add(bindings.name.text);
    }
    if (ts.isExportDeclaration(node) && isRepoPath(node.moduleSpecifier)) {
      const clause = node.exportClause;
      if (clause && ts.isNamedExports(clause))
        found.push(...clause.elements.map((e) => e.name.text));
      else found.push('*');
    }
  }
  for (const node of file.statements) {
    if (!ts.isVariableStatement(node)) continue;
    if (!node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const decl of node.declarationList.declarations) {
      const init = decl.initializer;
      if (
        init &&
        ts.isPropertyAccessExpression(init) &&
        ts.isIdentifier(init.expression) &&
        repoNamespaces.has(init.expression.text) &&
        ts.isIdentifier(decl.name)
      )
        found.push(decl.name.text);
    }
  }
  return found;
}

describe("services never hand on their repo's functions", () => {
  it('finds a planted re-export in both spellings', () => {
    expect(
      repoReexports(
        "import * as repo from './repo';\nexport const load = repo.findThing;\nexport { save } from './repo';\n",
      ),
    ).toEqual(['save', 'load']);
    expect(repoReexports("import * as repo from './repo';\nexport const n = 1;\n")).toEqual([]);
  });

  it('finds none in any module', () => {
    const found: string[] = [];
    for (const module of fs.readdirSync(path.join(ROOT, MODULES))) {
      const service = path.join(ROOT, MODULES, module, 'service.ts');
      if (!fs.existsSync(service)) continue;
      for (const name of repoReexports(fs.readFileSync(service, 'utf8')))
        found.push(`${module}: ${name}`);
    }
    expect(found).toEqual([]);
  });
});
