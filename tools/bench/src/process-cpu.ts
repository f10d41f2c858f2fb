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

/** CPU milliseconds per group (and `machine`) spent between start() and the returned stop(). */
export const measureCpu = (groups: ProcessGroups): (() => Record<string, number>) => {
  // Pids are looked up again at the end: Postgres may start backends during the window.
  const sum = (pids: number[], readings: Map<number, number>) => pids.reduce((total, pid) => total + (readings.get(pid) ?? 0), 0);
  const read = () => {
    const readings = new Map<number, number>();
    for (const find of Object.values(groups)) for (const pid of find()) readings.set(pid, processCpuMs(pid) ?? 0);
    return { readings, machine: machineCpuMs() };
  };
  const before = read();
  return () => {
    const after = read();
    const result: Record<string, number> = {};
    for (const [name, find] of Object.entries(groups)) {
      const pids = find();
      result[name] = sum(pids, after.readings) - sum(pids, before.readings);
    }
    if (before.machine !== undefined && after.machine !== undefined) result.machine = after.machine - before.machine;
    return result;
  };
};
