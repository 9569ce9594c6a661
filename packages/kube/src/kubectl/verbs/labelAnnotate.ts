import { KubeError } from "../../errors";
import { applyMergePatch } from "../mutate/localPatch";
import type { MutationPlan } from "../mutate/plan";
import { label, patchRequest, stepTarget, writeTargets } from "../mutate/writeTargets";
import type { Obj } from "../fetch";
import type { VerbContext } from "../verbContext";
import { splitAssignments } from "./podSpecPatch";

const KEY =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]{0,61})?[A-Za-z0-9])?$/;

/** `kubectl label|annotate TYPE NAME k=v… k-…` (--overwrite, -l, --all). */
export async function planLabelAnnotate(ctx: VerbContext): Promise<MutationPlan> {
  const isLabel = ctx.command.verb === "label";
  const field = isLabel ? "labels" : "annotations";
  const { resource, assignments } = splitAssignments(ctx.command.args);
  const set: Record<string, string> = {};
  const remove: string[] = [];
  for (const a of assignments) {
    const eq = a.indexOf("=");
    const key = eq === -1 ? a.slice(0, -1) : a.slice(0, eq);
    if (!KEY.test(key))
      throw new KubeError("usage", `invalid ${isLabel ? "label" : "annotation"} key "${key}"`);
    if (eq === -1) remove.push(key);
    else {
      const value = a.slice(eq + 1);
      if (isLabel && !LABEL_VALUE.test(value))
        throw new KubeError("usage", `invalid label value "${value}"`);
      set[key] = value;
    }
  }
  const overwrite = ctx.command.flags.bool("overwrite");
  const targets = await writeTargets(ctx, resource, { selectable: true });
  const done = isLabel ? "labeled" : "annotated";
  return {
    steps: targets.map((t) => {
      const current = (((t.object.metadata ?? {}) as Obj)[field] ?? {}) as Record<string, string>;
      const changes: Record<string, string | null> = {};
      for (const [key, value] of Object.entries(set)) {
        if (current[key] === value) continue;
        if (current[key] !== undefined && !overwrite) {
          throw new KubeError(
            "conflict",
            `'${key}' already has a value (${current[key]}), and --overwrite is false`,
          );
        }
        changes[key] = value;
      }
      for (const key of remove) if (key in current) changes[key] = null;
      if (Object.keys(changes).length === 0) {
        return { target: stepTarget(t), before: t.object, message: `${label(t)} not ${done}` };
      }
      const patch = { metadata: { [field]: changes } };
      return {
        target: stepTarget(t),
        before: t.object,
        after: applyMergePatch(t.object, patch) as Obj,
        request: patchRequest(ctx, t, "merge", patch),
        message: `${label(t)} ${done}`,
      };
    }),
    summary: `${isLabel ? "label" : "annotate"} ${targets.map(label).join(", ")}: ${assignments.map((a) => (isLabel ? a : a.split("=")[0] + (a.includes("=") ? "=…" : ""))).join(" ")}`,
    risk: "low",
  };
}
