// CPU seconds spent by this process and by a PostgreSQL server on the same machine, so a bench can tell
// which side a step's time went to (on two cores both compete for the same CPU).
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // Linux's USER_HZ

/**
 * CPU seconds of every process named postgres (backends, WAL writer, checkpointer), and of the backends that
 * ended since the server started (the postmaster's reaped children): a pool's connection closed during a step
 * would otherwise take its CPU out of the sum. 0 where /proc has none.
 */
export function postgresCpuSeconds(): number {
  let ticks = 0;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      // the fields after the command's closing parenthesis: utime, stime, cutime and cstime are the 12th to 15th
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/** CPU seconds of this process so far (every thread). */
export function processCpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}
