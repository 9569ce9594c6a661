import { KubeError, isKubeError } from "../../errors";
import { resourcePath, typePrefix } from "../../connection/resourceInfo";
import type { MutationPlan, MutationStep } from "../mutate/plan";
import { writeTargets } from "../mutate/writeTargets";
import type { WriteTarget } from "../mutate/writeTargets";
import { readRaw } from "../fetch";
import type { VerbContext } from "../verbContext";
import { readManifest } from "./manifest";

/**
 * `kubectl delete`: by name, TYPE/NAME, -l selector, --all, or the objects of
 * a `-f -` manifest; --grace-period, --now, --force, --cascade,
 * --ignore-not-found. Always high risk.
 */
export async function planDelete(ctx: VerbContext): Promise<MutationPlan> {
  const { flags } = ctx.command;
  const ignoreMissing = flags.bool("ignore-not-found");
  let targets: WriteTarget[] = [];
  if (flags.strings("filename").length > 0) {
    for (const m of await readManifest(ctx)) {
      try {
        targets.push({ ...m, object: await readRaw(ctx, m.info, m.namespace, m.name) });
      } catch (error) {
        if (!(isKubeError(error, "not_found") && ignoreMissing)) throw error;
      }
    }
  } else {
    if (flags.bool("all") && flags.string("selector") !== undefined) {
      throw new KubeError("usage", "cannot set --all and --selector at the same time");
    }
    try {
      targets = await writeTargets(ctx, ctx.command.args, { selectable: true });
    } catch (error) {
      if (!(isKubeError(error, "not_found") && ignoreMissing)) throw error;
    }
  }
  const query = deleteQuery(ctx);
  const steps: MutationStep[] = targets.map((t) => ({
    target:
      t.namespace === undefined
        ? { kind: t.info.kind, name: t.name }
        : { kind: t.info.kind, namespace: t.namespace, name: t.name },
    before: t.object,
    after: null,
    request: { method: "DELETE", path: resourcePath(t.info, t.namespace, t.name), query },
    message: `${typePrefix(t.info)} "${t.name}" deleted`,
    tolerateNotFound: ignoreMissing,
  }));
  const names = targets.map((t) => `${typePrefix(t.info)}/${t.name}`);
  return {
    steps,
    summary:
      targets.length === 0
        ? "nothing to delete"
        : `delete ${names.slice(0, 5).join(", ")}${names.length > 5 ? ` and ${names.length - 5} more` : ""}`,
    risk: targets.length === 0 ? "low" : "high",
    ...(targets.length === 0 ? { notes: ["No resources found"] } : {}),
  };
}

function deleteQuery(ctx: VerbContext): Record<string, string | number | undefined> {
  const { flags } = ctx.command;
  let grace = flags.int("grace-period");
  if (flags.bool("now")) grace = 1;
  if (flags.bool("force") && grace === undefined) grace = 0;
  const cascade = flags.string("cascade") ?? "background";
  const policy = {
    background: "Background",
    true: "Background",
    foreground: "Foreground",
    orphan: "Orphan",
    false: "Orphan",
  }[cascade];
  if (policy === undefined)
    throw new KubeError(
      "usage",
      `--cascade must be background, foreground or orphan, not "${cascade}"`,
    );
  return {
    propagationPolicy: policy,
    ...(grace !== undefined && grace >= 0 ? { gracePeriodSeconds: grace } : {}),
  };
}
