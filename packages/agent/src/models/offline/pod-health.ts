import type { ToolStep } from "./turn-view";

export interface PodHealth {
  total: number;
  /** Pods that are neither running and ready nor terminated: `name (STATUS, READY)`. */
  unhealthy: string[];
}

const TERMINAL = new Set(["Completed", "Succeeded", "Error", "Failed", "Evicted"]);

interface Table {
  columns: string[];
  rows: string[][];
}

/**
 * Pod health from this turn's `get pods` table, read from the engine's
 * structured result (columns NAME, READY, STATUS), not from the text.
 * Undefined when no such table was fetched.
 */
export function podHealth(steps: readonly ToolStep[]): PodHealth | undefined {
  for (const step of steps) {
    const a = step.artifact;
    if (a?.tool !== "kubectl" || a.status !== "ok" || !/^get (pods?|po)\b/.test(a.command))
      continue;
    const tables = (a.structured as { kind?: unknown; tables?: unknown } | undefined)?.tables;
    if (!Array.isArray(tables)) continue;
    for (const t of tables as Table[]) {
      const name = t.columns.indexOf("NAME");
      const ready = t.columns.indexOf("READY");
      const status = t.columns.indexOf("STATUS");
      if (name < 0 || ready < 0 || status < 0) continue;
      const unhealthy = t.rows.flatMap((row) => {
        const s = row[status] ?? "";
        const [up, want] = (row[ready] ?? "").split("/").map(Number);
        // Terminal pods (a Job's finished or failed attempts, evicted pods) are history, not a live problem.
        const fine = TERMINAL.has(s) || (s === "Running" && up !== undefined && up === want);
        return fine ? [] : [`${row[name] ?? "?"} (${s}, ${row[ready] ?? "?"} ready)`];
      });
      return { total: t.rows.length, unhealthy };
    }
  }
  return undefined;
}
