import { KubeError } from "../../errors";
import { applyStrategicPatch } from "../mutate/localPatch";
import type { MutationPlan, MutationStep } from "../mutate/plan";
import type { WriteTarget } from "../mutate/writeTargets";
import { label, patchRequest, stepTarget, writeTargets } from "../mutate/writeTargets";
import type { Obj } from "../fetch";
import type { VerbContext } from "../verbContext";
import { containerMatcher, splitAssignments, wrapPodSpec } from "./podSpecPatch";
import { podSpecOf } from "./workload";

const WITH_PODS = new Set([
  "Deployment",
  "StatefulSet",
  "DaemonSet",
  "ReplicaSet",
  "ReplicationController",
  "Job",
  "CronJob",
  "Pod",
]);

type ContainerEdit = (container: Obj) => Obj | undefined;

/** Builds one step per target: a strategic merge patch of the containers the edit returns. */
function containerSteps(
  ctx: VerbContext,
  targets: WriteTarget[],
  edit: ContainerEdit,
  done: string,
  onlyContainers: (name: string) => boolean,
): MutationStep[] {
  return targets.map((t) => {
    const spec = podSpecOf(t.object) ?? {};
    const fragment: Obj = {};
    for (const key of ["initContainers", "containers"] as const) {
      const changed = ((spec[key] ?? []) as Obj[])
        .filter((c) => onlyContainers(String(c.name)))
        .map(edit)
        .filter((c): c is Obj => c !== undefined);
      if (changed.length > 0) fragment[key] = changed;
    }
    if (Object.keys(fragment).length === 0) {
      return {
        target: stepTarget(t),
        before: t.object,
        message: `${label(t)} unchanged (no container matched)`,
      };
    }
    const patch = wrapPodSpec(t.info.kind, fragment);
    return {
      target: stepTarget(t),
      before: t.object,
      after: applyStrategicPatch(t.object, patch) as Obj,
      request: patchRequest(ctx, t, "strategic", patch),
      message: `${label(t)} ${done}`,
    };
  });
}

/** `kubectl set image TYPE/NAME CONTAINER=IMAGE… ` (`*=IMAGE` for every container). */
export async function planSetImage(ctx: VerbContext): Promise<MutationPlan> {
  const { resource, assignments } = splitAssignments(ctx.command.args);
  const images = new Map<string, string>();
  for (const a of assignments) {
    const [name, image] = a.split("=", 2);
    if (!name || !image)
      throw new KubeError("usage", `set image expects CONTAINER=IMAGE, got "${a}"`);
    images.set(name, image);
  }
  const targets = await writeTargets(ctx, resource, { selectable: true, kinds: WITH_PODS });
  const edit: ContainerEdit = (c) => {
    const image = images.get(String(c.name)) ?? images.get("*");
    return image === undefined || image === c.image ? undefined : { name: c.name, image };
  };
  const known = new Set(
    targets.flatMap((t) =>
      [
        ...((podSpecOf(t.object)?.containers ?? []) as Obj[]),
        ...((podSpecOf(t.object)?.initContainers ?? []) as Obj[]),
      ].map((c) => String(c.name)),
    ),
  );
  for (const name of images.keys()) {
    if (name !== "*" && !known.has(name))
      throw new KubeError("usage", `unable to find container named "${name}"`);
  }
  return {
    steps: containerSteps(ctx, targets, edit, "image updated", () => true),
    summary: `set image ${[...images].map(([c, i]) => `${c}=${i}`).join(", ")} on ${targets.map(label).join(", ")} (starts a rollout)`,
    risk: "medium",
  };
}

/** `kubectl set env TYPE/NAME KEY=VALUE… KEY-…` with -c to pick containers. */
export async function planSetEnv(ctx: VerbContext): Promise<MutationPlan> {
  const { resource, assignments } = splitAssignments(ctx.command.args);
  const set = new Map<string, string>();
  const remove: string[] = [];
  for (const a of assignments) {
    if (a.endsWith("-") && !a.includes("=")) remove.push(a.slice(0, -1));
    else {
      const eq = a.indexOf("=");
      const key = a.slice(0, eq);
      if (!/^[-._a-zA-Z][-._a-zA-Z0-9]*$/.test(key))
        throw new KubeError("usage", `invalid environment variable name "${key}"`);
      set.set(key, a.slice(eq + 1));
    }
  }
  const targets = await writeTargets(ctx, resource, { selectable: true, kinds: WITH_PODS });
  const overwrite = ctx.command.flags.bool("overwrite", true);
  const edit: ContainerEdit = (c) => {
    const env = (c.env ?? []) as Obj[];
    const changes: Obj[] = [];
    for (const [name, value] of set) {
      const existing = env.find((e) => e.name === name);
      if (existing && !overwrite)
        throw new KubeError(
          "conflict",
          `env ${name} already set in container ${String(c.name)} and --overwrite is false`,
        );
      if (existing?.value !== value || existing.valueFrom !== undefined)
        changes.push({ name, value });
    }
    for (const name of remove)
      if (env.some((e) => e.name === name)) changes.push({ name, $patch: "delete" });
    return changes.length === 0 ? undefined : { name: c.name, env: changes };
  };
  const names = [...set.keys(), ...remove.map((r) => `${r}-`)];
  return {
    steps: containerSteps(
      ctx,
      targets,
      edit,
      "env updated",
      containerMatcher(ctx.command.flags.string("containers")),
    ),
    summary: `set env ${names.join(", ")} on ${targets.map(label).join(", ")} (starts a rollout)`,
    risk: "medium",
  };
}

/** `kubectl set resources TYPE/NAME --limits=cpu=200m,memory=512Mi --requests=…` with -c. */
export async function planSetResources(ctx: VerbContext): Promise<MutationPlan> {
  const { flags } = ctx.command;
  const limits = parseResourceList(flags.string("limits"));
  const requests = parseResourceList(flags.string("requests"));
  if (!limits && !requests)
    throw new KubeError(
      "usage",
      "set resources needs --limits and/or --requests, e.g. --limits=memory=512Mi",
    );
  const targets = await writeTargets(ctx, ctx.command.args, { selectable: true, kinds: WITH_PODS });
  const edit: ContainerEdit = (c) => ({
    name: c.name,
    resources: { ...(limits ? { limits } : {}), ...(requests ? { requests } : {}) },
  });
  const parts = [
    limits ? `limits ${format(limits)}` : "",
    requests ? `requests ${format(requests)}` : "",
  ].filter(Boolean);
  return {
    steps: containerSteps(
      ctx,
      targets,
      edit,
      "resource requirements updated",
      containerMatcher(flags.string("containers")),
    ),
    summary: `set ${parts.join(" and ")} on ${targets.map(label).join(", ")} (starts a rollout)`,
    risk: "medium",
  };
}

function parseResourceList(text: string | undefined): Record<string, string> | undefined {
  if (text === undefined || text === "") return undefined;
  const out: Record<string, string> = {};
  for (const part of text.split(",")) {
    const [name, value] = part.split("=");
    if (
      !name ||
      !value ||
      !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+|Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)?$/.test(value)
    ) {
      throw new KubeError(
        "usage",
        `invalid resource "${part}": expected NAME=QUANTITY such as memory=512Mi`,
      );
    }
    out[name] = value;
  }
  return out;
}

function format(list: Record<string, string>): string {
  return Object.entries(list)
    .map(([k, v]) => `${k}=${v}`)
    .join(",");
}
