import { asNumber, asObject, asObjects, asString } from "../../util/json";
import { age } from "../human-duration";
import { AGE, col, NAME, type TableSpec } from "../table-spec";

export const hpaTable: TableSpec = {
  columns: [
    NAME,
    col("Reference", "Reference to the scaled resource"),
    col("Targets", "Current and target metrics"),
    col("MinPods", "Lower limit for the number of pods that can be set by the autoscaler", {
      type: "integer",
    }),
    col("MaxPods", "Upper limit for the number of pods that can be set by the autoscaler", {
      type: "integer",
    }),
    col("Replicas", "Current number of replicas of pods managed by this autoscaler", {
      type: "integer",
    }),
    AGE,
  ],
  cells: (o, now) => {
    const spec = asObject(o.spec);
    const status = asObject(o.status);
    const ref = asObject(spec.scaleTargetRef);
    const current = asObjects(status.currentMetrics);
    const targets = asObjects(spec.metrics).map((m, i) => metricText(m, current[i]));
    const targetText =
      targets.length === 0
        ? "<none>"
        : targets.length > 2
          ? `${targets.slice(0, 2).join(", ")} + ${targets.length - 2} more...`
          : targets.join(", ");
    return [
      o.metadata.name,
      `${asString(ref.kind)}/${asString(ref.name)}`,
      targetText,
      typeof spec.minReplicas === "number" ? spec.minReplicas : "<unset>",
      asNumber(spec.maxReplicas),
      asNumber(status.currentReplicas),
      age(o.metadata.creationTimestamp, now),
    ];
  },
};

/** "cpu: 34%/65%", "cpu: <unknown>/70%", "memory: 200Mi/500Mi". */
function metricText(
  metric: Record<string, unknown>,
  current: Record<string, unknown> | undefined,
): string {
  const res = asObject(metric.resource);
  const target = asObject(res.target);
  const cur = asObject(asObject(current?.resource).current);
  const name = asString(res.name);
  if (target.type === "Utilization") {
    const value =
      typeof cur.averageUtilization === "number" ? `${cur.averageUtilization}%` : "<unknown>";
    return `${name}: ${value}/${asNumber(target.averageUtilization)}%`;
  }
  const value = asString(cur.averageValue) || "<unknown>";
  return `${name}: ${value}/${asString(target.averageValue) || asString(target.value)}`;
}

export const pdbTable: TableSpec = {
  columns: [
    NAME,
    col("Min Available", "The minimum number of pods that must be available simultaneously."),
    col("Max Unavailable", "The maximum number of pods that may be unavailable simultaneously."),
    col("Allowed Disruptions", "Calculated number of pods that may be disrupted at this time.", {
      type: "integer",
    }),
    AGE,
  ],
  cells: (o, now) => {
    const spec = asObject(o.spec);
    const text = (v: unknown): string =>
      typeof v === "string" || typeof v === "number" ? String(v) : "N/A";
    return [
      o.metadata.name,
      text(spec.minAvailable),
      text(spec.maxUnavailable),
      asNumber(asObject(o.status).disruptionsAllowed),
      age(o.metadata.creationTimestamp, now),
    ];
  },
};

/** Roles and cluster roles print their creation time, not an age. */
export const roleTable: TableSpec = {
  columns: [
    NAME,
    col(
      "Created At",
      "CreationTimestamp is a timestamp representing the server time when this object was created.",
      { type: "date" },
    ),
  ],
  cells: (o) => [o.metadata.name, o.metadata.creationTimestamp ?? ""],
};

export const roleBindingTable: TableSpec = {
  columns: [
    NAME,
    col("Role", "RoleRef references the Role or ClusterRole."),
    AGE,
    col("Users", "Users in the binding", { priority: 1 }),
    col("Groups", "Groups in the binding", { priority: 1 }),
    col("ServiceAccounts", "ServiceAccounts in the binding", { priority: 1 }),
  ],
  cells: (o, now) => {
    const ref = asObject(o.roleRef);
    const subjects = asObjects(o.subjects);
    const of = (kind: string, withNs: boolean): string =>
      subjects
        .filter((s) => s.kind === kind)
        .map((s) => (withNs ? `${asString(s.namespace)}/${asString(s.name)}` : asString(s.name)))
        .join(", ");
    return [
      o.metadata.name,
      `${asString(ref.kind)}/${asString(ref.name)}`,
      age(o.metadata.creationTimestamp, now),
      of("User", false),
      of("Group", false),
      of("ServiceAccount", true),
    ];
  },
};
