/**
 * The repository's JSON settings files are unambiguous: a key written twice in one object (JSON.parse keeps the last
 * one silently, esbuild and npm warn) makes what a tool reads depend on which copy it keeps. Parsed with `yaml`, whose
 * parser refuses a repeated key.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = resolve(import.meta.dirname, '../..');
const jsonFiles = readdirSync(root).filter((name) => name.endsWith('.json'));

describe('JSON settings files', () => {
  it('are found at the top level', () => {
    expect(jsonFiles).toEqual(expect.arrayContaining(['package.json', 'tsconfig.json', '.steiger.json']));
  });

  it.each(jsonFiles)('%s names each key once per object', (name) => {
    expect(() => parse(readFileSync(join(root, name), 'utf8'), { uniqueKeys: true })).not.toThrow();
  });
});
