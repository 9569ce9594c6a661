import type { AnalysisFailure, AnalysisResultItem } from "@kubemedic/protocol";
import { parentObject } from "../parentObject";
import { mapLimit } from "../../model/mapLimit";
import { listTargets, result, type Analyzer, type AnalyzerContext } from "./Analyzer";
import type { Pod } from "../../model/objects";

/** Lines k8sgpt's Log analyzer reads from each container. */
const LOG_TAIL_LINES = 100;
/** Parallel log reads. @default 8 */
const CONCURRENCY = 8;
const ERROR_WORDS = /error|exception|fail/i;

/**
 * The first error-looking line (`error`, `exception`, `fail` as plain
 * substrings, case-insensitive) of each container's current log and, after a
 * restart, of its previous log. Results are kind `Pod`, named
 * `{ns}/{pod}/{container}`. Lines pass through secret redaction as they
 * become findings (`failureFactory`), since findings go to an LLM.
 */
export const logAnalyzer: Analyzer = {
  name: "Log",
  core: false,
  needs: ["pods", "replicasets", "deployments", "statefulsets", "daemonsets"],
  async run(context) {
    const units = listTargets(context, "pods").flatMap((pod) =>
      (pod.spec?.containers ?? []).map((c) => ({ pod, container: c.name })),
    );
    const found = await mapLimit(units, CONCURRENCY, (u) =>
      containerFailures(context, u.pod, u.container),
    );
    const out: AnalysisResultItem[] = [];
    for (const [i, failures] of found.entries()) {
      const unit = units[i];
      if (unit === undefined || failures.length === 0) continue;
      const { pod, container } = unit;
      const name = `${pod.metadata?.namespace ?? ""}/${pod.metadata?.name ?? ""}/${container}`;
      out.push(result("Pod", name, failures, parentObject(context.snapshot, pod)));
    }
    return out;
  },
};

async function containerFailures(
  context: AnalyzerContext,
  pod: Pod,
  container: string,
): Promise<AnalysisFailure[]> {
  const f = context.failure;
  const podName = pod.metadata?.name ?? "";
  const request = {
    namespace: pod.metadata?.namespace ?? "",
    pod: podName,
    container,
    tailLines: LOG_TAIL_LINES,
  };
  const out: AnalysisFailure[] = [];
  try {
    const line = firstErrorLine(await context.snapshot.logs.read(request, context.signal));
    if (line !== undefined) out.push(f(line, [podName]));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    out.push(
      f(`Cannot read the log of container ${container} in pod ${podName}: ${message}`, [podName]),
    );
  }
  const restarts =
    pod.status?.containerStatuses?.find((s) => s.name === container)?.restartCount ?? 0;
  if (restarts > 0) {
    try {
      const line = firstErrorLine(
        await context.snapshot.logs.read({ ...request, previous: true }, context.signal),
      );
      if (line !== undefined) out.push(f(`(previous instance) ${line}`, [podName]));
    } catch {
      // k8sgpt ignores a missing previous log, and so do we.
    }
  }
  return out;
}

export function firstErrorLine(log: string): string | undefined {
  for (const line of log.split("\n")) if (ERROR_WORDS.test(line)) return line;
  return undefined;
}
