import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { platformBridgeChunk, platformCapabilityChunk, WALLET_SCREEN_CHUNK } from '../../vite.config';

/**
 * package.json "sideEffects" tells the bundler that source modules have no side effects, so unused
 * modules (a barrel's unused re-exports, the contract behind @/shared/api) stay out of the first screen.
 * The price: a bare `import './x'` is dropped unless the importing file is listed there
 * (docs/performance.md "Bundle budget"). These rules keep that safe.
 */
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/**/testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const sideEffects = (JSON.parse(readFileSync(resolve(process.cwd(), 'package.json'), 'utf8')) as { sideEffects: string[] }).sideEffects;
const BARE_IMPORT = /^import\s+['"]([^'"]+)['"];?\s*$/gm;

function bareImports(): Array<{ file: string; specifier: string }> {
  return Object.entries(sources).flatMap(([file, source]) =>
    [...source.matchAll(BARE_IMPORT)].map((match) => ({ file: file.replace(/^\//, ''), specifier: match[1] ?? '' })),
  );
}

describe('bundle rules', () => {
  it('CSS stays side-effectful', () => {
    expect(sideEffects).toContain('*.css');
    expect(Object.keys(sources).length).toBeGreaterThan(50); // the glob sees the sources
    expect(bareImports().length).toBeGreaterThan(0); // … and finds the stylesheet imports
  });

  it('bare imports are stylesheets only (effects of other modules must come from their used exports)', () => {
    expect(bareImports().filter(({ specifier }) => !specifier.endsWith('.css'))).toEqual([]);
  });

  it('every module that imports a stylesheet for its effect is listed in package.json "sideEffects"', () => {
    const unlisted = bareImports()
      .map(({ file }) => `./${file}`)
      .filter((file) => !sideEffects.includes(file));
    expect([...new Set(unlisted)]).toEqual([]);
  });
});

describe('the wallet screen chunk (vite.config.ts)', () => {
  it('captures the page module the /wallet route loads (else its code falls apart into small chunks again)', () => {
    const table = sources['/src/app/router/screens.ts'] ?? '';
    const walletRoute = table.split('\n').find((line) => line.includes('path: routePaths.wallet,'));
    const page = /import\('@\/([^']+)'\)/.exec(walletRoute ?? '')?.[1];
    expect(page).toBe('pages/wallet');
    expect(WALLET_SCREEN_CHUNK.test(resolve(process.cwd(), `src/${page}/index.ts`))).toBe(true);
    expect(WALLET_SCREEN_CHUNK.test(resolve(process.cwd(), 'src/pages/cards/index.ts'))).toBe(false);
  });
});

describe('Telegram capabilities (vite.config.ts)', () => {
  it('a capability is a chunk of its own, named after it: no screen\'s chunk owns it', () => {
    expect(platformCapabilityChunk(resolve(process.cwd(), 'src/shared/platform/capabilities/haptic.ts'))).toBe('haptic');
    expect(platformCapabilityChunk(resolve(process.cwd(), 'src/shared/platform/capabilities/cloud-storage.ts'))).toBe('cloud-storage');
    expect(platformCapabilityChunk(resolve(process.cwd(), 'src/shared/platform/init.ts'))).toBeNull();
    expect(platformCapabilityChunk(resolve(process.cwd(), 'src/pages/wallet/index.ts'))).toBeNull();
  });

  it('what the capabilities share is one chunk of its own, taken before any capability takes it in', () => {
    expect(platformBridgeChunk(resolve(process.cwd(), 'src/shared/platform/bridge-result.ts'))).toBe('platform-bridge');
    expect(platformBridgeChunk(resolve(process.cwd(), 'src/shared/platform/capabilities/preflight.ts'))).toBe('platform-bridge');
    expect(platformBridgeChunk(resolve(process.cwd(), 'src/shared/platform/capabilities/biometry.ts'))).toBeNull();
  });
});
