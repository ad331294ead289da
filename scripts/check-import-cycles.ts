/**
 * Fails (exit 1) on import cycles in the server (a step of `npm test`, docs/server.md "Modules"):
 *   - between modules: the folders under server/modules, where A → B when any file of A imports any file of B
 *     (type-only imports count: a module's types are part of what it owns);
 *   - between files anywhere under server/.
 * Imports are read with the TypeScript compiler's own pre-processor (`ts.preProcessFile`: static, dynamic,
 * `export … from` and type imports). Usage: tsx scripts/check-import-cycles.ts [root=server]
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './lint-server';

const repo = path.resolve(import.meta.dirname, '..');
const root = path.resolve(repo, process.argv[2] ?? 'server');
const modulesDir = path.join(root, 'modules');
const rel = (file: string) => path.relative(repo, file);

/** A relative or `@/` specifier → the file it names (undefined for packages and unresolvable names). */
const resolveImport = (from: string, specifier: string): string | undefined => {
  let base: string;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else if (specifier.startsWith('@/')) base = path.join(repo, 'src', specifier.slice(2));
  else return undefined;
  base = base.replace(/\.js$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
};

const files = sourceFiles(root);
const edges = new Map<string, Set<string>>();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = new Set<string>();
  for (const { fileName } of importedFiles) {
    const target = resolveImport(file, fileName);
    if (target && target.startsWith(root + path.sep) && target !== file) targets.add(target);
  }
  edges.set(file, targets);
}

/** Strongly connected components with more than one node (Tarjan): each is at least one cycle. */
const cyclesOf = (graph: Map<string, Set<string>>): string[][] => {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let top: string;
      do {
        top = stack.pop()!;
        onStack.delete(top);
        component.push(top);
      } while (top !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
};

/** One concrete path around a component, for the message: a → b → … → a. */
const loopIn = (graph: Map<string, Set<string>>, component: string[]): string[] => {
  const members = new Set(component);
  const start = component[0]!;
  const seen = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const loop = [start];
        for (let at = node; at !== start; at = seen.get(at)!) loop.splice(1, 0, at);
        return [...loop, start];
      }
      if (!seen.has(next)) {
        seen.set(next, node);
        queue.push(next);
      }
    }
  }
  return component;
};

const moduleOf = (file: string): string | undefined =>
  file.startsWith(modulesDir + path.sep) && path.relative(modulesDir, file).includes(path.sep) ? path.relative(modulesDir, file).split(path.sep)[0] : undefined;

const moduleEdges = new Map<string, Set<string>>();
const moduleWitness = new Map<string, string>();
for (const [file, targets] of edges) {
  const from = moduleOf(file);
  if (!from) continue;
  if (!moduleEdges.has(from)) moduleEdges.set(from, new Set());
  for (const target of targets) {
    const to = moduleOf(target);
    if (!to || to === from) continue;
    moduleEdges.get(from)!.add(to);
    if (!moduleWitness.has(`${from}→${to}`)) moduleWitness.set(`${from}→${to}`, `${rel(file)} imports ${rel(target)}`);
  }
}

const problems: string[] = [];
for (const component of cyclesOf(moduleEdges)) {
  const loop = loopIn(moduleEdges, component);
  const why = loop.slice(1).map((to, i) => `    ${moduleWitness.get(`${loop[i]}→${to}`)}`);
  problems.push(`module cycle: ${loop.join(' → ')}\n${why.join('\n')}`);
}
for (const component of cyclesOf(edges)) {
  problems.push(`file cycle: ${loopIn(edges, component).map(rel).join(' → ')}`);
}

if (problems.length) {
  console.error(`Import cycles under ${rel(root)}/ (move the shared piece to the module that owns it):\n\n${problems.join('\n\n')}`);
  process.exit(1);
}
console.log(`import cycles: none in ${files.length} files under ${rel(root)}/ (${moduleEdges.size} modules)`);
