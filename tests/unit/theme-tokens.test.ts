/**
 * Colours come from the design system's tokens (`--color-*`, src/shared/ui/theme/theme.css), which mix Telegram's
 * theme with the text colour so every pair meets WCAG AA contrast. A slice that reads Telegram's raw variables
 * (`--tg-theme-*`) gets whatever the client sends: #999 on white is 2.8:1 (axe found it on four new screens).
 * Only the platform bridge and the theme itself may read them in a stylesheet.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..', '..', 'src');
const ALLOWED = ['shared/platform/', 'shared/ui/theme/'];

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.css$/.test(name) ? [path] : [];
  });

describe('theme tokens', () => {
  it('no slice reads a raw Telegram theme variable (--tg-theme-*): colours go through the contrast-safe --color-* tokens', () => {
    const offenders = files(SRC)
      .map((path) => relative(SRC, path).split('\\').join('/'))
      .filter((path) => !ALLOWED.some((prefix) => path.startsWith(prefix)))
      .flatMap((path) =>
        readFileSync(join(SRC, path), 'utf8')
          .split('\n')
          .map((line, index) => ({ line, at: `${path}:${index + 1}` }))
          .filter(({ line }) => /--tg-theme-[a-z-]+/.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
