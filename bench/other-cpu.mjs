// How much CPU other processes use while a benchmark runs. The machine is
// shared: the load average cannot tell a bench's own work from an engineer's
// test suite next to it, but /proc can. Every second this samples the CPU
// ticks of every process and adds up those of processes that are not
// descendants of this one. Linux only; elsewhere it reports nothing.
import { readdirSync, readFileSync } from "node:fs";
import { cpus } from "node:os";

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

function readProcesses() {
  const out = new Map();
  let entries;
  try {
    entries = readdirSync("/proc");
  } catch {
    return undefined;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // The command name may hold spaces and parentheses: fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(Number(name), {
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

function descendantsOf(root, processes) {
  const ours = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, p] of processes)
      if (!ours.has(pid) && ours.has(p.ppid)) {
        ours.add(pid);
        grew = true;
      }
  }
  return ours;
}

/**
 * Starts sampling. `stop()` returns the share of the machine's CPU (0..1, all
 * cores) that other processes used since `start`, or undefined without /proc.
 */
export function watchOtherCpu(intervalMs = 1000) {
  const cores = cpus().length;
  let last = readProcesses();
  if (last === undefined) return { stop: () => undefined };
  const started = Date.now();
  let otherTicks = 0;
  const sample = () => {
    const now = readProcesses();
    if (now === undefined) return;
    const ours = descendantsOf(process.pid, now);
    for (const [pid, p] of now) {
      if (ours.has(pid)) continue;
      const before = last.get(pid);
      // A process born since the last sample counts from zero.
      otherTicks += Math.max(0, p.ticks - (before?.ticks ?? 0));
    }
    last = now;
  };
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      sample();
      const seconds = (Date.now() - started) / 1000;
      return seconds <= 0 ? 0 : otherTicks / TICKS_PER_SECOND / (seconds * cores);
    },
  };
}
