import { KubeError } from "../../errors";
import type { Obj } from "../fetch";

/** Wraps a pod-spec fragment at the place each workload kind keeps its pod spec. */
export function wrapPodSpec(kind: string, podSpec: Obj): Obj {
  switch (kind) {
    case "Pod":
      return { spec: podSpec };
    case "CronJob":
      return { spec: { jobTemplate: { spec: { template: { spec: podSpec } } } } };
    default:
      return { spec: { template: { spec: podSpec } } };
  }
}

/** kubectl's -c/--containers glob (`*`, `app-*`). @default "*" */
export function containerMatcher(pattern: string | undefined): (name: string) => boolean {
  if (pattern === undefined || pattern === "*") return () => true;
  const re = new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, ".*")
      .replace(/\?/g, ".")}$`,
  );
  return (name) => re.test(name);
}

/** Splits `set` arguments into the resource part and the `KEY=VALUE` / `KEY-` part. */
export function splitAssignments(args: string[]): { resource: string[]; assignments: string[] } {
  const resource: string[] = [];
  const assignments: string[] = [];
  for (const arg of args) {
    if (arg.includes("=") || (arg.endsWith("-") && !arg.includes("/"))) assignments.push(arg);
    else resource.push(arg);
  }
  if (assignments.length === 0)
    throw new KubeError("usage", "nothing to set: give KEY=VALUE (or KEY- to remove)");
  return { resource, assignments };
}
