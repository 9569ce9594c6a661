import { asArray, asNumber, asObject, asObjects, asString } from "../../util/json";
import { age, humanDuration } from "../human-duration";
import { AGE, col, NAME, type TableSpec } from "../table-spec";
import { formatSelector } from "./workload-helpers";

const CONTAINERS = col("Containers", "Names of each container in the template.", { priority: 1 });
const IMAGES = col("Images", "Images referenced by each container in the template.", {
  priority: 1,
});
const SELECTOR = col("Selector", "A label query over pods that should match the pod count.", {
  priority: 1,
});

function containersOf(podTemplate: unknown): { names: string; images: string } {
  const containers = asObjects(asObject(asObject(podTemplate).spec).containers);
  return {
    names: containers.map((c) => asString(c.name)).join(","),
    images: containers.map((c) => asString(c.image)).join(","),
  };
}

function hasCondition(status: Record<string, unknown>, type: string): boolean {
  return asObjects(status.conditions).some((c) => c.type === type && c.status === "True");
}

export const jobTable: TableSpec = {
  columns: [
    NAME,
    col("Status", "Status of the job."),
    col(
      "Completions",
      "The desired number of successfully finished pods the job should be run with.",
    ),
    col("Duration", "Time required to complete the job."),
    AGE,
    CONTAINERS,
    IMAGES,
    SELECTOR,
  ],
  cells: (o, now) => {
    const spec = asObject(o.spec);
    const status = asObject(o.status);
    let state = "Running";
    if (hasCondition(status, "Complete")) state = "Complete";
    else if (hasCondition(status, "Failed")) state = "Failed";
    else if (typeof o.metadata.deletionTimestamp === "string") state = "Terminating";
    else if (hasCondition(status, "Suspended")) state = "Suspended";
    else if (hasCondition(status, "FailureTarget")) state = "FailureTarget";
    const succeeded = asNumber(status.succeeded);
    const parallelism = asNumber(spec.parallelism, 1);
    const completions =
      typeof spec.completions === "number"
        ? `${succeeded}/${spec.completions}`
        : parallelism > 1
          ? `${succeeded}/1 of ${parallelism}`
          : `${succeeded}/1`;
    const start = typeof status.startTime === "string" ? Date.parse(status.startTime) : Number.NaN;
    const end = typeof status.completionTime === "string" ? Date.parse(status.completionTime) : now;
    const duration = Number.isNaN(start) ? "" : humanDuration(end - start);
    const c = containersOf(spec.template);
    return [
      o.metadata.name,
      state,
      completions,
      duration,
      age(o.metadata.creationTimestamp, now),
      c.names,
      c.images,
      formatSelector(spec.selector),
    ];
  },
};

export const cronJobTable: TableSpec = {
  columns: [
    NAME,
    col("Schedule", "The schedule in Cron format."),
    col("Timezone", "The time zone name for the given schedule."),
    col("Suspend", "This flag tells the controller to suspend subsequent executions.", {
      type: "boolean",
    }),
    col("Active", "A list of pointers to currently running jobs.", { type: "integer" }),
    col("Last Schedule", "Information when was the last time the job was successfully scheduled."),
    AGE,
    CONTAINERS,
    IMAGES,
    SELECTOR,
  ],
  cells: (o, now) => {
    const spec = asObject(o.spec);
    const status = asObject(o.status);
    const jobSpec = asObject(asObject(spec.jobTemplate).spec);
    const c = containersOf(jobSpec.template);
    const last =
      typeof status.lastScheduleTime === "string" ? age(status.lastScheduleTime, now) : "<none>";
    return [
      o.metadata.name,
      asString(spec.schedule),
      asString(spec.timeZone) || "<none>",
      spec.suspend === true,
      asArray(status.active).length,
      last,
      age(o.metadata.creationTimestamp, now),
      c.names,
      c.images,
      formatSelector(jobSpec.selector),
    ];
  },
};
