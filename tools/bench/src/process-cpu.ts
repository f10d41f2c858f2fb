/**
 * CPU time spent by processes during a measured window, read from Linux's /proc (user + system
 * time, in clock ticks of 10 ms). Elsewhere every reading is empty and the bench prints none.
 */
import { readFileSync, readdirSync } from 'node:fs';

const TICK_MS = 10;

/** Accumulated CPU milliseconds of one process, or undefined when it cannot be read. */
const processCpuMs = (pid: number): number | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
};

/** Busy CPU milliseconds of the whole machine (every core), or undefined. */
const machineCpuMs = (): number | undefined => {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
    const busy = ticks.slice(0, 8).reduce((sum, value, index) => (index === 3 || index === 4 ? sum : sum + value), 0);
    return busy * TICK_MS;
  } catch {
    return undefined;
  }
};

/** Pids of processes whose command name (comm) is `name`, e.g. nats-server or postgres. */
export const pidsNamed = (name: string): number[] => {
  try {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    return [];
  }
};

export type ProcessGroups = Record<string, () => number[]>;

/** How often the processes are read while measuring: a process that ends in between loses at most this much of its time. */
const POLL_MS = 200;

/**
 * CPU milliseconds per group (and `machine`) spent between start() and the returned stop().
 * Processes are read every POLL_MS, so one that starts and ends within the window (a Postgres
 * backend opened for one load) still counts: from zero, to its last reading.
 */
export const measureCpu = (groups: ProcessGroups): (() => Record<string, number>) => {
  // Per group and pid: its reading when first seen (zero for a process started during the window) and its latest.
  const seen = new Map<string, Map<number, { first: number; last: number }>>(Object.keys(groups).map((name) => [name, new Map()]));
  const read = (atStart: boolean) => {
    for (const [name, find] of Object.entries(groups)) {
      const pids = seen.get(name)!;
      for (const pid of find()) {
        const reading = processCpuMs(pid);
        if (reading === undefined) continue;
        const known = pids.get(pid);
        if (known) known.last = Math.max(known.last, reading);
        else pids.set(pid, { first: atStart ? reading : 0, last: reading });
      }
    }
  };
  read(true);
  const machineBefore = machineCpuMs();
  const poll = setInterval(() => read(false), POLL_MS);
  poll.unref();
  return () => {
    clearInterval(poll);
    read(false);
    const machineAfter = machineCpuMs();
    const result: Record<string, number> = {};
    for (const [name, pids] of seen) result[name] = [...pids.values()].reduce((total, { first, last }) => total + last - first, 0);
    if (machineBefore !== undefined && machineAfter !== undefined) result.machine = machineAfter - machineBefore;
    return result;
  };
};
