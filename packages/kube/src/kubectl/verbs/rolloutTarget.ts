import { KubeError } from "../../errors";
import type { ResourceInfo } from "../../connection/resourceInfo";
import type { VerbContext } from "../verbContext";
import { resolveTargets } from "../targets";

const ROLLABLE = new Set(["Deployment", "DaemonSet", "StatefulSet"]);

/** The single workload a rollout command names (`deploy/x` or `deployment x`). */
export async function rolloutTarget(
  ctx: VerbContext,
  kinds: ReadonlySet<string> = ROLLABLE,
): Promise<{ info: ResourceInfo; name: string }> {
  const resolved = await resolveTargets(ctx, ctx.command.args, ctx.command.verb);
  const target = resolved.targets[0];
  const name = target?.names[0];
  if (!target || name === undefined || resolved.targets.length > 1 || target.names.length > 1) {
    throw new KubeError(
      "usage",
      `${ctx.command.verb} needs exactly one TYPE/NAME, e.g. deployment/checkout`,
    );
  }
  if (!kinds.has(target.info.kind)) {
    throw new KubeError(
      "usage",
      `${ctx.command.verb} works on ${[...kinds].map((k) => k.toLowerCase() + "s").join(", ")}, not ${target.info.resource}`,
    );
  }
  return { info: target.info, name };
}
