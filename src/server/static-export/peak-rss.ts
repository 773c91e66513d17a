/**
 * The peak resident memory of another process (the hub server, Pagefind), read from Linux's
 * `/proc/<pid>/status` (VmHWM, the high-water mark) while it runs: Node reports only its own.
 * Elsewhere it reports 0.
 */
import { readFileSync } from 'node:fs';

function readHighWaterMark(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Polls the process's high-water mark; `stop` returns the highest read. */
export function watchPeakRss(pid: number, everyMs = 250): { read: () => number; stop: () => number } {
  let peak = readHighWaterMark(pid);
  const timer = setInterval(() => (peak = Math.max(peak, readHighWaterMark(pid))), everyMs);
  timer.unref();
  const read = () => (peak = Math.max(peak, readHighWaterMark(pid)));
  return {
    read,
    stop: () => {
      clearInterval(timer);
      return read();
    },
  };
}
