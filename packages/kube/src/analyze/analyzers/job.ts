import type { AnalysisFailure, AnalysisResultItem } from "@kubemedic/protocol";
import { listTargets, objectName, result, type Analyzer } from "./Analyzer";

const SUCCEEDED = new Set(["Complete", "SuccessCriteriaMet"]);

/** Suspended Jobs, and Jobs with failed pods that have not succeeded. */
export const jobAnalyzer: Analyzer = {
  name: "Job",
  core: true,
  needs: ["jobs", "events"],
  run(context) {
    const f = context.failure;
    const out: AnalysisResultItem[] = [];
    for (const job of listTargets(context, "jobs")) {
      const ns = job.metadata?.namespace ?? "";
      const name = job.metadata?.name ?? "";
      const failures: AnalysisFailure[] = [];
      if (job.spec?.suspend === true)
        failures.push(
          f(`Job ${name} is suspended: it starts no pods until it is resumed.`, [ns, name]),
        );
      const succeeded = (job.status?.conditions ?? []).some(
        (c) => SUCCEEDED.has(c.type) && c.status === "True",
      );
      if ((job.status?.failed ?? 0) > 0 && !succeeded) {
        const event = context.snapshot.latestEvent(ns, name);
        failures.push(
          event !== undefined && event.reason === "BackoffLimitExceeded" && event.message !== ""
            ? f(event.message, [ns, name])
            : f(`Job ${name} has failed pods and has not completed.`, [ns, name]),
        );
      }
      if (failures.length > 0) out.push(result("Job", objectName(job), failures));
    }
    return out;
  },
};
