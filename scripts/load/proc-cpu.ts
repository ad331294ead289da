/**
 * CPU time of processes from Linux /proc (clock ticks → milliseconds), for CPU per request in the benchmarks.
 * A server process: its own utime + stime. A PostgreSQL cluster: the postmaster's utime + stime + cutime + cstime
 * (the CPU of backends that have already exited, which the postmaster reaped) plus every live child's utime + stime,
 * so backends that come and go during a phase (pgbench's connections) are counted too.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK). */
const TICK_MS = 10;

interface Stat {
  ppid: number;
  utime: number;
  stime: number;
  cutime: number;
  cstime: number;
}

const stat = (pid: number): Stat | null => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name "(...)", which may itself hold spaces or parentheses.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // fields[0] = state (field 3); ppid = field 4, utime..cstime = fields 14..17.
    return { ppid: Number(fields[1]), utime: Number(fields[11]), stime: Number(fields[12]), cutime: Number(fields[13]), cstime: Number(fields[14]) };
  } catch {
    return null;
  }
};

/** CPU milliseconds a live process has used (NaN when it is gone). */
export const processCpuMs = (pid: number): number => {
  const s = stat(pid);
  return s ? (s.utime + s.stime) * TICK_MS : NaN;
};

/** CPU milliseconds of a PostgreSQL cluster: the postmaster (with its reaped children) and its live children. */
export const clusterCpuMs = (postmasterPid: number): number => {
  const root = stat(postmasterPid);
  if (!root) return NaN;
  let ticks = root.utime + root.stime + root.cutime + root.cstime;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = stat(Number(entry));
    if (child?.ppid === postmasterPid) ticks += child.utime + child.stime;
  }
  return ticks * TICK_MS;
};

/** The postmaster pid of the cluster a backend `backendPid` (SELECT pg_backend_pid()) belongs to. */
export const postmasterOf = (backendPid: number): number => {
  const s = stat(backendPid);
  if (!s) throw new Error(`no process ${backendPid}: is the database on this machine?`);
  return s.ppid;
};
