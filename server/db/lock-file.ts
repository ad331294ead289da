import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE_NAME = 'server.lock';

/**
 * The fields of /proc/<pid>/stat after the command name (which is in parentheses and may itself hold spaces or
 * parentheses): [0] is the state (field 3 of the whole line), [19] the start time (field 22). null where /proc is missing.
 */
const processStat = (pid: number): string[] | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
};

/**
 * When a process started (clock ticks since boot), or null where /proc is missing.
 * With the pid it names one process incarnation: after kill -9 and a restart (a container restart above all) the
 * new server often gets the dead one's pid, and only the start time tells that the lock is stale.
 */
const processStartTime = (pid: number): string | null => processStat(pid)?.[19] ?? null;

/**
 * A zombie (Z: exited, not yet reaped by its parent) or a dying process (X) holds nothing: a server killed with -9
 * whose parent (a shell, a supervisor that is slow to wait) has not reaped it still answers kill(pid, 0).
 */
const isDeadOrZombie = (pid: number): boolean => {
  const state = processStat(pid)?.[0];
  return state === 'Z' || state === 'X' || state === 'x';
};

/** Lock files held by this process (a second open of the same folder in this process is refused too). */
const heldHere = new Set<string>();

const isProcessAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const isLockHolderAlive = (lockPath: string, pid: number, startTime: string | undefined): boolean => {
  if (pid === process.pid) return heldHere.has(lockPath); // our pid, but not our lock: a dead namesake's
  if (!isProcessAlive(pid) || isDeadOrZombie(pid)) return false;
  const actual = processStartTime(pid);
  return !startTime || !actual || actual === startTime;
};

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The database directory ${dataDir} is in use by another server process (pid ${pid}). ` +
        'PGlite allows only one process per directory: stop that process, use another DATA_DIR, ' +
        'or set DATABASE_URL to share a PostgreSQL server between processes.',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Takes `<dataDir>/server.lock` holding `<pid> <start time>`. A lock left by a dead process (stale: no such pid, a
 * zombie or dying process, or the pid now belongs to a process that started later, or to this process without having taken it) is
 * replaced; a lock held by a live process (including this one) is refused. Returns the release function.
 */
export const acquireDataDirLock = (dataDir: string): (() => void) => {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 2; attempt++) {
    const owner = `${process.pid} ${processStartTime(process.pid) ?? ''}`.trim();
    try {
      writeFileSync(lockPath, owner, { flag: 'wx' });
      heldHere.add(lockPath);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(lockPath);
        process.off('exit', release);
        try {
          if (readFileSync(lockPath, 'utf8').trim() === owner) rmSync(lockPath, { force: true });
        } catch {
          // already gone
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidText = '', startTime] = readFileSync(lockPath, 'utf8').trim().split(' ');
      const pid = Number.parseInt(pidText, 10);
      if (Number.isInteger(pid) && pid > 0 && isLockHolderAlive(lockPath, pid, startTime)) throw new DataDirLockedError(dataDir, pid);
      rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not take the lock file ${lockPath}`);
};
