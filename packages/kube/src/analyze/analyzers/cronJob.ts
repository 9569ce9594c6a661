import type { AnalysisFailure, AnalysisResultItem } from "@kubemedic/protocol";
import { cronScheduleError } from "../cronSchedule";
import { listTargets, objectName, result, type Analyzer } from "./Analyzer";

/** Suspended CronJobs, invalid schedules and negative starting deadlines. */
export const cronJobAnalyzer: Analyzer = {
  name: "CronJob",
  core: true,
  needs: ["cronjobs"],
  run(context) {
    const f = context.failure;
    const out: AnalysisResultItem[] = [];
    for (const cj of listTargets(context, "cronjobs")) {
      const ns = cj.metadata?.namespace ?? "";
      const name = cj.metadata?.name ?? "";
      const failures: AnalysisFailure[] = [];
      if (cj.spec?.suspend === true) {
        failures.push(f(`CronJob ${name} is suspended: no new Jobs are scheduled.`, [ns, name]));
      } else {
        const problem = cronScheduleError(cj.spec?.schedule ?? "");
        if (problem !== undefined)
          failures.push(f(`CronJob ${name} has an invalid schedule: ${problem}.`, [ns, name]));
        const deadline = cj.spec?.startingDeadlineSeconds;
        if (deadline != null && deadline < 0)
          failures.push(
            f(
              `CronJob ${name} has a negative startingDeadlineSeconds (${deadline}), so no run can start.`,
              [ns, name],
            ),
          );
      }
      if (failures.length > 0) out.push(result("CronJob", objectName(cj), failures));
    }
    return out;
  },
};
