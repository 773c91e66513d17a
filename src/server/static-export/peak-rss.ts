/**
 * The peak resident memory and the CPU time of another process and its children (the hub server
 * with its cluster workers, Pagefind), read from Linux's `/proc` while it runs: Node reports only
 * its own. Memory is the highest sum of the tree's resident sets seen at a poll (or the root's
 * own high-water mark, when higher). Elsewhere both read 0.
 */
import { readFileSync } from 'node:fs';

function readProc(pid: number, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

const kiloBytes = (status: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;

/** `pid` and every descendant still running. */
function processTree(pid: number): number[] {
  const children = readProc(pid, `task/${pid}/children`).split(' ').filter(Boolean).map(Number);
  return [pid, ...children.flatMap(processTree)];
}

/** Clock ticks per second of `/proc/<pid>/stat` (USER_HZ: 100 on every Linux that Node runs on). */
const TICKS_PER_SECOND = 100;

/** User + system CPU seconds of the tree's running processes. */
function treeCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const member of processTree(pid)) {
    const fields = readProc(member, 'stat').split(') ')[1]?.split(' ') ?? [];
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  return ticks / TICKS_PER_SECOND;
}

/** Polls the tree's memory; `stop` returns the highest read. `cpuSeconds` reads the CPU used so far. */
export function watchPeakRss(pid: number, everyMs = 250): { read: () => number; stop: () => number; cpuSeconds: () => number } {
  let peak = 0;
  const read = () => {
    const tree = processTree(pid).map((member) => readProc(member, 'status'));
    const sum = tree.reduce((total, status) => total + kiloBytes(status, 'VmRSS'), 0);
    peak = Math.max(peak, sum, kiloBytes(tree[0] ?? '', 'VmHWM'));
    return peak;
  };
  read();
  const timer = setInterval(read, everyMs);
  timer.unref();
  return {
    read,
    cpuSeconds: () => treeCpuSeconds(pid),
    stop: () => {
      clearInterval(timer);
      return read();
    },
  };
}
