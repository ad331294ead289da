/**
 * The previous release of the server, checked out from git for the upgrade test (tests/faults/upgrade.test.ts) and
 * anyone who wants to run it: the commit whose migrations and code a production database may have been built by.
 *
 * Which commit: `UPGRADE_FROM` (any git revision) when set; else the newest release tag (`v*`) that is an ancestor of
 * this commit's parent (on a tagged release commit, the release before it); else the commit named in
 * scripts/release/previous-release.txt (the state in production before releases were tagged). A release is a tag `vX.Y.Z`
 * on main (docs/deploy.md "Releases"), so the test moves on to each new release by itself.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const git = (args: string[], cwd = ROOT): string => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

export interface PreviousRelease {
  /** The revision as found (a tag, a commit, UPGRADE_FROM's value). */
  ref: string;
  commit: string;
  /** How it was chosen. */
  source: 'UPGRADE_FROM' | 'tag' | 'scripts/release/previous-release.txt';
}

export const previousRelease = (): PreviousRelease => {
  const forced = process.env.UPGRADE_FROM?.trim();
  if (forced) return { ref: forced, commit: git(['rev-parse', '--verify', `${forced}^{commit}`]), source: 'UPGRADE_FROM' };
  try {
    const tag = git(['describe', '--tags', '--abbrev=0', '--match', 'v*', 'HEAD^']);
    return { ref: tag, commit: git(['rev-parse', `${tag}^{commit}`]), source: 'tag' };
  } catch {
    // no release tag yet
  }
  const pinned = readFileSync(join(ROOT, 'scripts/release/previous-release.txt'), 'utf8').trim();
  try {
    return { ref: pinned, commit: git(['rev-parse', '--verify', `${pinned}^{commit}`]), source: 'scripts/release/previous-release.txt' };
  } catch {
    throw new Error(`The previous release ${pinned} (scripts/release/previous-release.txt) is not in this clone's history: fetch it (git fetch --unshallow) or set UPGRADE_FROM.`);
  }
};

/** The locked versions of the packages a release's package.json names as its (runtime) dependencies. */
const directDependencies = (dir: string): Map<string, string | undefined> => {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
  return new Map(Object.keys(manifest.dependencies ?? {}).map((name) => [name, lock.packages[`node_modules/${name}`]?.version]));
};

/**
 * The release's files in `dir` (git archive: no .git, no build output), ready to run its server with tsx: with this
 * checkout's node_modules when they hold each of its dependencies at the version it locks, else its own `npm ci`.
 */
export const checkOutRelease = (release: PreviousRelease, dir: string): { installed: 'linked' | 'npm ci' } => {
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive --format=tar ${release.commit} | tar -x -C "${dir}"`], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const theirs = directDependencies(dir);
  const ours = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
  if ([...theirs].every(([name, version]) => ours.packages[`node_modules/${name}`]?.version === version)) {
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    return { installed: 'linked' };
  }
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  return { installed: 'npm ci' };
};
