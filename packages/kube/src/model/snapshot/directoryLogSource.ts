import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { LogSource } from "./LogSource";

/**
 * Logs from a scenario's folder layout:
 * `<root>/<namespace>/<pod>/<container>.log` and `….previous.log`. Used by
 * tests and by offline analysis of a scenario without a running simulator.
 */
export function directoryLogSource(root: string): LogSource {
  return {
    async read(r) {
      const file = join(
        root,
        r.namespace,
        r.pod,
        `${r.container}${r.previous === true ? ".previous" : ""}.log`,
      );
      let text: string;
      try {
        text = await readFile(file, "utf8");
      } catch {
        throw new Error(
          r.previous === true
            ? `previous terminated container "${r.container}" in pod "${r.pod}" not found`
            : `container "${r.container}" in pod "${r.pod}" has no log`,
        );
      }
      return logTail(text, r.tailLines);
    },
  };
}

/** The last `tailLines` lines of a log (100 by default, as k8sgpt reads), without the final newline. */
export function logTail(text: string, tailLines = 100): string {
  const lines = text.replace(/\n$/, "").split("\n");
  return lines.slice(Math.max(0, lines.length - tailLines)).join("\n");
}
