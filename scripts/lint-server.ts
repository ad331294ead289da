/**
 * The server's import rules (a step of `npm run lint`, beside steiger for src/; docs/server.md "Import rules"). Fails
 * (exit 1) with every violation, one line each, naming the rule:
 *
 *   server/sandbox-from-composition   only the composition root (server/app.ts, server/outside-world.ts) and the sandbox
 *                                     itself import server/sandbox/: production code knows the adapter interfaces only
 *   server/shared-kernel-only         server code imports from src/ only the shared kernel (@/shared/contract,
 *                                     @/shared/money), and no client-only package (React, effector, the Telegram SDK…)
 *   server/public-api                 a module (server/modules/<name>/) or an adapter (server/adapters/<name>/) is
 *                                     imported through its index.ts from everywhere outside it
 *
 * Imports are read with the TypeScript compiler's own pre-processor (static, dynamic, `export … from` and type imports).
 * Usage: tsx scripts/lint-server.ts [root=server]   (root: a folder laid out like server/, e.g. a test fixture)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The files outside server/sandbox/ that may import it: where the configuration chooses the sandbox's stand-ins. */
const SANDBOX_IMPORTERS = ['app.ts', 'outside-world.ts'];
/** What server code may import from src/: the pieces written for both sides (no DOM, no Node APIs). */
const SHARED_KERNEL = ['shared/contract', 'shared/money'];
/**
 * Files of src/ outside the kernel that server code may read: the words the app and the server both say, one wording in
 * both languages (docs/frontend.md "i18n", "Words the server says too"), each file trimmed to what both say:
 *   errors         the reason codes (a declined purchase, a failed top-up), what verification asks for and why an account
 *                  is frozen: the app, the bot's messages and the receipts
 *   notifications  the events' sentences: the activity centre and the bot
 *   invitation     the invitation: the app's share sheet and the bot's prepared message
 *   transactions   card transactions' and purchases' names and statuses, the details' labels: the app, the statements
 *                  and the receipts
 *   wallet         its `transaction.*` (the wallet transactions' names): the app and the statements; the rest of the
 *                  file is the Wallet screen's, which its first screen loads in one request
 */
const SHARED_DATA = [/^shared\/i18n\/locales\/(en|ru)\/(errors|wallet|transactions|notifications|invitation)\.json$/];
/** Packages only the app uses: server code importing one has reached for client code. */
const CLIENT_ONLY_PACKAGES = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'effector',
  'effector-react',
  '@farfetched/core',
  'patronum',
  '@telegram-apps/sdk-react',
  'i18next',
  'react-i18next',
  'sonner',
  'qrcode.react',
];
export interface Violation {
  rule: 'server/sandbox-from-composition' | 'server/shared-kernel-only' | 'server/public-api';
  file: string;
  specifier: string;
  message: string;
}

/** Every TypeScript source file under `dir` (declaration files left out). */
export const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [full] : [];
  });

/** A relative specifier → the file it names, without extension (`…/index` for a folder); undefined for others. */
const resolveRelative = (from: string, specifier: string): string | undefined => {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier).replace(/\.(js|ts|tsx)$/, '');
  if (existsSync(base) && statSync(base).isDirectory()) return path.join(base, 'index');
  return base;
};

const packageName = (specifier: string): string =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? specifier);

/** The `<kind>/<name>` folder (modules/x, adapters/x) a path under root belongs to, and the rest of its path. */
const ownerOf = (relative: string): { owner: string; inner: string } | undefined => {
  const parts = relative.split(path.sep);
  if ((parts[0] === 'modules' || parts[0] === 'adapters') && parts.length >= 3) {
    return { owner: `${parts[0]}/${parts[1]}`, inner: parts.slice(2).join('/') };
  }
  return undefined;
};

/** Every violation of the rules in the tree at `root` (paths in the answer are relative to `root`). */
export const lintServer = (root: string): Violation[] => {
  const violations: Violation[] = [];
  for (const file of sourceFiles(root)) {
    const from = path.relative(root, file);
    const fromOwner = ownerOf(from)?.owner;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      const add = (rule: Violation['rule'], message: string) => violations.push({ rule, file: from, specifier, message });
      if (specifier.startsWith('@/')) {
        const target = specifier.slice(2);
        const kernel = SHARED_KERNEL.some((part) => target === part || target.startsWith(`${part}/`));
        if (!kernel && !SHARED_DATA.some((data) => data.test(target))) {
          add('server/shared-kernel-only', `imports client code (${specifier}); the server may import ${SHARED_KERNEL.map((k) => `@/${k}`).join(', ')}`);
        }
        continue;
      }
      if (!specifier.startsWith('.')) {
        if (CLIENT_ONLY_PACKAGES.includes(packageName(specifier))) add('server/shared-kernel-only', `imports the client-only package ${packageName(specifier)}`);
        continue;
      }
      const resolved = resolveRelative(file, specifier);
      if (!resolved) continue;
      const target = path.relative(root, resolved);
      if (target.startsWith('..')) {
        add('server/shared-kernel-only', `reaches outside the server (${specifier}); import the shared kernel as @/shared/contract or @/shared/money`);
        continue;
      }
      if (target.split(path.sep)[0] === 'sandbox' && from.split(path.sep)[0] !== 'sandbox' && !SANDBOX_IMPORTERS.includes(from)) {
        add('server/sandbox-from-composition', `imports the sandbox (${specifier}); only ${SANDBOX_IMPORTERS.join(' and ')} choose its stand-ins`);
        continue;
      }
      const targetOwner = ownerOf(target);
      if (targetOwner && targetOwner.owner !== fromOwner && targetOwner.inner !== 'index') {
        add('server/public-api', `reaches into ${targetOwner.owner} past its index.ts (${specifier}); import '${targetOwner.owner}' and export what you need there`);
      }
    }
  }
  return violations;
};

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('lint-server.ts')) {
  const repo = path.resolve(import.meta.dirname, '..');
  const root = path.resolve(repo, process.argv[2] ?? 'server');
  const violations = lintServer(root);
  if (violations.length) {
    for (const v of violations) console.error(`${path.relative(repo, path.join(root, v.file))}: ${v.rule}: ${v.message}`);
    console.error(`\n${violations.length} import rule violation(s) under ${path.relative(repo, root)}/ (docs/server.md "Import rules")`);
    process.exit(1);
  }
  console.log(`server import rules: clean (${path.relative(repo, root)}/)`);
}
