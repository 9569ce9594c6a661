import { KubeError } from "../../errors";
import { typePrefix } from "../../connection/resourceInfo";
import { toJson, toYaml } from "../../output/printObjects";
import { GET_TABS, tabwrite } from "../../output/tabwriter";
import { redactObject } from "../../redact/redactObject";
import { redactText } from "../../redact/redactText";
import { listRaw, readRaw } from "../fetch";
import type { Obj } from "../fetch";
import type { VerbContext, VerbOutput } from "../verbContext";
import { rolloutTarget } from "./rolloutTarget";
import { selectorOf } from "./workload";

const REVISION = "deployment.kubernetes.io/revision";
const CHANGE_CAUSE = "kubernetes.io/change-cause";

export interface Revision {
  revision: number;
  changeCause: string;
  /** The pod template of that revision, raw (redact before showing it). */
  template: Obj;
}

/**
 * `kubectl rollout history`: revisions of a Deployment (its ReplicaSets) or
 * of a DaemonSet/StatefulSet (its ControllerRevisions), with change causes;
 * `--revision=N` shows that revision's pod template.
 */
export async function runRolloutHistory(ctx: VerbContext): Promise<VerbOutput> {
  const { info, name } = await rolloutTarget(ctx);
  const owner = await readRaw(ctx, info, ctx.namespace, name);
  const revisions = await revisionsOf(ctx, owner);
  const wanted = ctx.command.flags.int("revision");
  const label = `${typePrefix(info)}/${name}`;
  if (wanted !== undefined && wanted !== 0) {
    const found = revisions.find((r) => r.revision === wanted);
    if (!found) throw new KubeError("not_found", `unable to find the specified revision ${wanted}`);
    const output = ctx.command.flags.string("output");
    const shown = redactObject(found.template);
    if (output === "yaml") return { text: toYaml(shown) };
    if (output === "json") return { text: toJson(shown) };
    return { text: `${label} with revision #${wanted}\n${describeTemplate(shown)}` };
  }
  const shown = revisions.map((r) => ({
    revision: r.revision,
    changeCause: redactText(r.changeCause),
  }));
  const lines = [
    "REVISION\tCHANGE-CAUSE",
    ...shown.map((r) => `${r.revision}\t${r.changeCause || "<none>"}`),
  ];
  return {
    text: `${label} \n${tabwrite(lines.join("\n"), GET_TABS)}`,
    structured: { kind: "rollout-history", revisions: shown },
  };
}

/** Revisions of a workload, oldest first. Used by history and undo. */
export async function revisionsOf(ctx: VerbContext, owner: Obj): Promise<Revision[]> {
  const uid = (owner.metadata as Obj).uid;
  const selector = selectorOf(owner);
  const ownedBy = (o: Obj): boolean =>
    ((o.metadata as Obj).ownerReferences as Obj[] | undefined)?.some((r) => r.uid === uid) ?? false;
  const out: Revision[] = [];
  if (owner.kind === "Deployment") {
    const rsInfo = await ctx.cluster.discovery.resolve("replicasets.apps", ctx.signal);
    const items = await listRaw(ctx, rsInfo, {
      namespace: ctx.namespace,
      ...(selector ? { labelSelector: selector } : {}),
    });
    for (const rs of items.filter(ownedBy)) {
      const annotations = ((rs.metadata as Obj).annotations ?? {}) as Record<string, string>;
      const template = ((rs.spec as Obj | undefined)?.template ?? {}) as Obj;
      out.push({
        revision: Number(annotations[REVISION] ?? 0),
        changeCause: annotations[CHANGE_CAUSE] ?? "",
        template,
      });
    }
  } else {
    const crInfo = await ctx.cluster.discovery.resolve("controllerrevisions.apps", ctx.signal);
    const items = await listRaw(ctx, crInfo, {
      namespace: ctx.namespace,
      ...(selector ? { labelSelector: selector } : {}),
    });
    for (const cr of items.filter(ownedBy)) {
      const annotations = ((cr.metadata as Obj).annotations ?? {}) as Record<string, string>;
      const data = (cr.data ?? {}) as Obj;
      const template = ((data.spec as Obj | undefined)?.template ?? {}) as Obj;
      out.push({
        revision: Number(cr.revision ?? 0),
        changeCause: annotations[CHANGE_CAUSE] ?? "",
        template,
      });
    }
  }
  return out.sort((a, b) => a.revision - b.revision);
}

function describeTemplate(template: Obj): string {
  const meta = (template.metadata ?? {}) as Obj;
  const labels = Object.entries((meta.labels ?? {}) as Record<string, string>).map(
    ([k, v]) => `${k}=${v}`,
  );
  const lines = [
    "Pod Template:",
    `  Labels:\t${labels.length ? labels.join("\n\t") : "<none>"}`,
    "  Containers:",
  ];
  for (const c of ((template.spec as Obj | undefined)?.containers ?? []) as Obj[]) {
    lines.push(`   ${String(c.name)}:`, `    Image:\t${String(c.image)}`);
  }
  return tabwrite(lines.join("\n"), { minWidth: 0, padding: 2 });
}
