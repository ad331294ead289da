/**
 * The operator console (src/ops, docs/ops.md "The console") is a separate FSD root beside the Mini App's: the app never
 * imports it (so no byte of it reaches the app's chunks), and it imports only its own layers (`@/ops/...`, relative
 * paths inside a slice) and the shared layer of the app (`@/shared/...`) — never the app's pages, widgets, features or
 * entities. steiger lints each root for FSD within it (`npm run lint`); this test holds the boundary between them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
const sources = walk(SRC).filter((file) => /\.(ts|tsx)$/.test(file));
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? '');
const isConsole = (file: string) => relative(SRC, file).startsWith(`ops/`);

describe('the console and the Mini App', () => {
  it('finds both', () => {
    expect(sources.filter(isConsole).length).toBeGreaterThan(20);
    expect(sources.filter((f) => !isConsole(f)).length).toBeGreaterThan(200);
  });

  it('the Mini App never imports the console', () => {
    const offenders = sources
      .filter((file) => !isConsole(file))
      .flatMap((file) => importsOf(file).filter((spec) => spec.startsWith('@/ops')).map((spec) => `${relative(SRC, file)} → ${spec}`));
    expect(offenders).toEqual([]);
  });

  it('the console imports only its own layers and the shared layer', () => {
    const offenders = sources.filter(isConsole).flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.startsWith('@/') && !spec.startsWith('@/ops/') && !spec.startsWith('@/shared/'))
        .map((spec) => `${relative(SRC, file)} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('relative imports of the console stay inside it', () => {
    const offenders = sources.filter(isConsole).flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.startsWith('.'))
        .filter((spec) => !resolve(file, '..', spec).startsWith(join(SRC, 'ops')))
        .map((spec) => `${relative(SRC, file)} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });
});
