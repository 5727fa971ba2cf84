// Where a bench's CPU went: the seconds of CPU each part of the topology used between two snapshots, read from
// /proc (Linux): named processes by pid (API processes, the worker, the proxy, the bench itself) and every PostgreSQL
// process by name (its backends and background writers come and go with the pool, but a pooled backend lives as long
// as its connection). Shown as cores (CPU seconds per second of wall time) beside the machine's busy cores.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** utime + stime of one process, in seconds (0 once it is gone). */
function cpuSecondsOfPid(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces; the fields after its closing parenthesis are fixed (utime is field 14).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function cpuSecondsOfCommand(command: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === command) total += cpuSecondsOfPid(Number(entry));
    } catch {
      // gone between the listing and the read
    }
  }
  return total;
}

/** CPU seconds the whole machine has been busy (/proc/stat: all but idle and I/O wait) since boot. */
export function machineBusySeconds(): number {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = fields.map(Number);
  return (n.reduce((a, b) => a + b, 0) - n[3]! - (n[4] ?? 0)) / TICKS_PER_SECOND;
}

export interface CpuParts {
  /** Processes by pid, e.g. { 'API 1': pid, worker: pid, Caddy: pid, bench: process.pid }. */
  pids: Record<string, number | undefined>;
  /** Processes by command name, summed, e.g. { PostgreSQL: 'postgres' }. */
  commands?: Record<string, string>;
}

type Snapshot = { at: number; parts: Record<string, number>; machine: number };

function snapshot(parts: CpuParts): Snapshot {
  const values: Record<string, number> = {};
  for (const [name, pid] of Object.entries(parts.pids)) values[name] = pid ? cpuSecondsOfPid(pid) : 0;
  for (const [name, command] of Object.entries(parts.commands ?? {})) values[name] = cpuSecondsOfCommand(command);
  return { at: performance.now(), parts: values, machine: machineBusySeconds() };
}

/** Starts measuring; the returned function gives the CPU seconds each part and the whole machine used since. */
export function measureCpuSeconds(parts: CpuParts): () => { parts: Record<string, number>; machine: number } {
  const start = snapshot(parts);
  return () => {
    const end = snapshot(parts);
    const used = Object.fromEntries(Object.keys(end.parts).map((name) => [name, end.parts[name]! - start.parts[name]!]));
    return { parts: used, machine: end.machine - start.machine };
  };
}

/** Starts measuring; the returned function says, as one line, how many cores each part kept busy since. */
export function measureCpu(parts: CpuParts): () => string {
  const start = snapshot(parts);
  return () => {
    const end = snapshot(parts);
    const wall = (end.at - start.at) / 1000;
    const cores = (seconds: number) => (seconds / wall).toFixed(2);
    const named = Object.keys(end.parts).map((name) => `${name} ${cores(end.parts[name]! - start.parts[name]!)}`);
    const listed = Object.keys(end.parts).reduce((sum, name) => sum + end.parts[name]! - start.parts[name]!, 0);
    const machine = end.machine - start.machine;
    return `cores busy: ${named.join(', ')}, everything else ${cores(Math.max(0, machine - listed))}; the machine ${cores(machine)}`;
  };
}
