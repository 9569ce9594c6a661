import type { DiagnosisCause, DiagnosisReport } from "@kubemedic/protocol";

const SEVERITY_RANK = { critical: 0, high: 1, medium: 2, low: 3, info: 4 } as const;

/**
 * The steps' reports as one report with `causes[]`: one cause per root-cause
 * object (two steps that found the same one give one cause, the more
 * confident), in the plan's order (its ranking), Healthy findings dropped.
 * The top-level fields are the first cause's, so the report reads as a valid
 * single-cause report too; its summary names every cause.
 */
export function combineReports(reports: readonly DiagnosisReport[]): DiagnosisReport | undefined {
  const causes: DiagnosisCause[] = [];
  const keyOf = (c: DiagnosisCause) => {
    const r = c.affectedResources[0];
    return r === undefined
      ? `${c.category}:${c.rootCause}`
      : `${r.kind.toLowerCase()}/${r.namespace ?? ""}/${r.name}`;
  };
  for (const report of reports) {
    for (const cause of report.causes ?? [stripCauses(report)]) {
      if (cause.category === "Healthy") continue;
      const same = causes.findIndex((c) => keyOf(c) === keyOf(cause));
      if (same < 0) causes.push(cause);
      else if ((causes[same]?.confidence ?? 0) < cause.confidence) causes[same] = cause;
    }
  }
  if (causes.length === 0) return undefined;
  // Stable: equal severities keep the plan's order.
  const ranked = causes
    .map((c, i) => ({ c, i }))
    .sort((a, b) => SEVERITY_RANK[a.c.severity] - SEVERITY_RANK[b.c.severity] || a.i - b.i)
    .map((x) => x.c)
    .slice(0, 12);
  const first = ranked[0] as DiagnosisCause;
  if (ranked.length === 1) return first;
  const summary = `${ranked.length} independent problems: ${ranked.map((c, i) => `(${i + 1}) ${c.summary}`).join(" ")}`;
  return { ...first, summary: summary.slice(0, 1_000), causes: ranked };
}

function stripCauses(report: DiagnosisReport): DiagnosisCause {
  const { causes: _causes, ...cause } = report;
  return cause;
}
