import { parse as parseYaml } from "yaml";
import { KubeError } from "../../errors";
import { applyJsonPatch, applyMergePatch, applyStrategicPatch } from "../mutate/localPatch";
import type { MutationPlan } from "../mutate/plan";
import type { PatchType } from "../mutate/writeTargets";
import { label, patchRequest, stepTarget, writeTargets } from "../mutate/writeTargets";
import type { Obj } from "../fetch";
import type { VerbContext } from "../verbContext";

const HIGH_RISK = new Set([
  "Node",
  "Namespace",
  "ClusterRole",
  "ClusterRoleBinding",
  "Role",
  "RoleBinding",
  "CustomResourceDefinition",
  "ValidatingWebhookConfiguration",
  "MutatingWebhookConfiguration",
]);

/**
 * `kubectl patch TYPE NAME -p PATCH [--type strategic|merge|json]`. The patch
 * may be JSON or YAML. The preview applies it locally for merge and json
 * patches; a strategic patch is previewed by a server-side dry run.
 */
export async function planPatch(ctx: VerbContext): Promise<MutationPlan> {
  const { flags } = ctx.command;
  const text = flags.string("patch");
  if (text === undefined) throw new KubeError("usage", "patch needs -p PATCH (JSON or YAML)");
  const type = (flags.string("type") ?? "strategic") as PatchType;
  if (type !== "strategic" && type !== "merge" && type !== "json") {
    throw new KubeError("usage", `--type must be strategic, merge or json, not "${type}"`);
  }
  let body: unknown;
  try {
    body = parseYaml(text) as unknown;
  } catch (error) {
    throw new KubeError(
      "usage",
      `the patch is neither JSON nor YAML: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (
    type === "json"
      ? !Array.isArray(body)
      : typeof body !== "object" || body === null || Array.isArray(body)
  ) {
    throw new KubeError(
      "usage",
      type === "json" ? "a json patch must be a list of operations" : "a patch must be an object",
    );
  }
  const targets = await writeTargets(ctx, ctx.command.args);
  return {
    steps: targets.map((t) => ({
      target: stepTarget(t),
      before: t.object,
      // A strategic patch's exact result depends on the type's schema: let the server's dry run say.
      ...(type === "strategic"
        ? { fallbackAfter: applyStrategicPatch(t.object, body) as Obj }
        : {
            after: (type === "merge"
              ? applyMergePatch(t.object, body)
              : applyJsonPatch(t.object, body)) as Obj,
          }),
      request: patchRequest(ctx, t, type, body),
      message: `${label(t)} patched`,
    })),
    summary: `${type} patch of ${targets.map(label).join(", ")}`,
    risk: targets.some((t) => HIGH_RISK.has(t.info.kind)) ? "high" : "medium",
  };
}
