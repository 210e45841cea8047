import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>('/contract/**/*.ts', { query: '?raw', import: 'default', eager: true });

/** The contract files a file loads when it runs: relative imports and re-exports that are not type-only. */
function valueImportsOf(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const specifiers = source.statements.flatMap((statement) => {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      const typesOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly)));
      return typesOnly ? [] : [(statement.moduleSpecifier as ts.StringLiteral).text];
    }
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      const clause = statement.exportClause;
      const typesOnly =
        statement.isTypeOnly || (clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly));
      return typesOnly ? [] : [(statement.moduleSpecifier as ts.StringLiteral).text];
    }
    return [];
  });
  return specifiers.filter((specifier) => specifier.startsWith('.')).flatMap((specifier) => resolve(file, specifier) ?? []);
}

function resolve(from: string, specifier: string): string | undefined {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  const base = parts.join('/');
  return [`${base}.ts`, `${base}/index.ts`].find((candidate) => candidate in sources);
}

/** Every circle of value imports, each as the files around it (`a -> b -> a`). */
function valueImportCircles(graph: ReadonlyMap<string, string[]>): string[] {
  const circles: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    path.push(file);
    for (const imported of graph.get(file) ?? []) {
      const at = path.indexOf(imported);
      if (at >= 0) circles.push([...path.slice(at), imported].join(' -> '));
      else if (!done.has(imported)) visit(imported);
    }
    path.pop();
    done.add(file);
  };
  for (const file of graph.keys()) if (!done.has(file)) visit(file);
  return circles;
}

describe('contract/ imports', () => {
  const graph = new Map(Object.entries(sources).map(([file, text]) => [file, valueImportsOf(file, text)]));

  it('no contract file reaches itself through value imports (type-only imports may point back)', () => {
    expect(graph.size).toBeGreaterThan(30);
    expect([...graph.values()].flat().length).toBeGreaterThan(30);
    expect(valueImportCircles(graph)).toEqual([]);
  });

  it('a circle through value imports is found, and one closed by a type-only import is not', () => {
    const circle = new Map([
      ['/contract/a.ts', ['/contract/b.ts']],
      ['/contract/b.ts', ['/contract/c.ts']],
      ['/contract/c.ts', ['/contract/a.ts']],
    ]);
    expect(valueImportCircles(circle)).toEqual(['/contract/a.ts -> /contract/b.ts -> /contract/c.ts -> /contract/a.ts']);
    expect(valueImportsOf('/contract/resources/declaration.ts', "import type { Action } from '../permissions';\nimport { type X } from './fields';")).toEqual(
      [],
    );
    expect(valueImportsOf('/contract/resources/declaration.ts', "import { isListed, type X } from './fields';\nexport * from '../permissions';")).toEqual([
      '/contract/resources/fields.ts',
      '/contract/permissions.ts',
    ]);
  });
});
