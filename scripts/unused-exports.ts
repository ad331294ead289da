/**
 * Lists what each slice's public API (`src/<layer>/<slice>/index.ts`) exports that no file outside the slice
 * imports (app, other slices, tests/). A slice's index.ts should name only what other slices use
 * (docs/frontend.md "Public APIs"); the slice's own tests import its modules directly.
 *
 *   npx tsx scripts/unused-exports.ts            list per slice, exit 0
 *   npx tsx scripts/unused-exports.ts --check    exit 1 when anything is listed
 *
 * Consumers are found from the syntax: static imports and re-exports of `@/<layer>/<slice>` (also
 * `@/<layer>/<slice>/index.testing`), and `import('@/<layer>/<slice>').then((m) => m.Name)`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

const ROOT = join(import.meta.dirname, '..');
const LAYERS = ['pages', 'widgets', 'features', 'entities'] as const;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : files(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function exportedNames(indexPath: string): string[] {
  const source = ts.createSourceFile(indexPath, readFileSync(indexPath, 'utf8'), ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) names.push(element.name.text);
    }
  }
  return names;
}

/** `@/layer/slice` → the names imported from it by this file. */
function importsOf(path: string): Map<string, Set<string>> {
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const used = new Map<string, Set<string>>();
  const add = (specifier: string, name: string) => {
    const match = /^@\/(\w+)\/([\w-]+)(?:\/index\.testing)?$/.exec(specifier);
    if (!match) return;
    const key = `${match[1]}/${match[2]}`;
    if (!used.has(key)) used.set(key, new Set());
    used.get(key)!.add(name);
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const specifier = node.moduleSpecifier.text;
      const clause = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      if (clause && (ts.isNamedImports(clause) || ts.isNamedExports(clause))) {
        for (const element of clause.elements) add(specifier, (element.propertyName ?? element.name).text);
      } else if (clause && ts.isNamespaceImport(clause)) {
        add(specifier, '*');
      }
    }
    // import('@/x/y').then((m) => m.Name) and const { A } = await import('@/x/y')
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) {
        const tail = text.slice(node.end, node.end + 200);
        for (const match of tail.matchAll(/\bm\.(\w+)/g)) add(arg.text, match[1]!);
        const head = text.slice(Math.max(0, node.pos - 200), node.pos);
        const destructured = /\{([^}]*)\}\s*=\s*await\s*$/.exec(head);
        if (destructured) for (const name of destructured[1]!.split(',')) add(arg.text, name.split(':')[0]!.trim());
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return used;
}

const consumers = [...files(join(ROOT, 'src')), ...files(join(ROOT, 'tests'))];
const report: Array<{ slice: string; unused: string[]; total: number }> = [];
for (const layer of LAYERS) {
  for (const slice of readdirSync(join(ROOT, 'src', layer))) {
    const dir = join(ROOT, 'src', layer, slice);
    const index = join(dir, 'index.ts');
    let names: string[];
    try {
      names = exportedNames(index);
    } catch {
      continue;
    }
    const key = `${layer}/${slice}`;
    const used = new Set<string>();
    for (const file of consumers) {
      if (file.startsWith(dir + sep)) continue;
      for (const name of importsOf(file).get(key) ?? []) used.add(name);
    }
    const unused = used.has('*') ? [] : names.filter((name) => !used.has(name));
    if (unused.length > 0) report.push({ slice: relative(ROOT, dir), unused, total: names.length });
  }
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(report));
  process.exit(0);
}
let count = 0;
for (const { slice, unused, total } of report) {
  count += unused.length;
  console.log(`${slice}: ${unused.length} of ${total} unused outside the slice: ${unused.join(', ')}`);
}
console.log(count === 0 ? 'Every public export is used outside its slice.' : `${count} exports unused outside their slice.`);
if (process.argv.includes('--check') && count > 0) process.exit(1);
