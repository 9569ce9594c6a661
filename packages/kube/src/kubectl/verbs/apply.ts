import { isKubeError } from "../../errors";
import { resourcePath, typePrefix } from "../../connection/resourceInfo";
import { applyMergePatch, applyStrategicPatch } from "../mutate/localPatch";
import type { MutationPlan, MutationStep } from "../mutate/plan";
import { fieldManager, patchRequest } from "../mutate/writeTargets";
import type { Obj } from "../fetch";
import { readRaw } from "../fetch";
import type { VerbContext } from "../verbContext";
import type { ManifestObject } from "./manifest";
import { readManifest } from "./manifest";
import { clone } from "./workload";

const HIGH_RISK = new Set([
  "Namespace",
  "Node",
  "ClusterRole",
  "ClusterRoleBinding",
  "Role",
  "RoleBinding",
  "CustomResourceDefinition",
  "ValidatingWebhookConfiguration",
  "MutatingWebhookConfiguration",
  "PersistentVolume",
  "StorageClass",
  "PriorityClass",
]);

/**
 * `kubectl apply -f -` (manifest beside the command): creates what does not
 * exist and patches what does with the manifest's fields (a strategic merge
 * for built-in types, a JSON merge for custom resources; fields left out of
 * the manifest are kept, unlike kubectl's three-way merge — use patch
 * --type=json to remove one). `--server-side` uses server-side apply.
 * `kubectl create -f -` only creates. Previews come from the server's dry run.
 */
export async function planApply(ctx: VerbContext): Promise<MutationPlan> {
  const create = ctx.command.verb === "create";
  const serverSide = ctx.command.flags.bool("server-side");
  const objects = await readManifest(ctx);
  const steps: MutationStep[] = [];
  for (const m of objects) {
    const live = create ? undefined : await readLive(ctx, m);
    steps.push(
      create || !live
        ? createStep(ctx, m)
        : serverSide
          ? serverSideStep(ctx, m, live)
          : patchStep(ctx, m, live),
    );
  }
  const kinds = objects.map((m) => `${typePrefix(m.info)}/${m.name}`);
  return {
    steps,
    summary: `${create ? "create" : "apply"} ${kinds.slice(0, 5).join(", ")}${kinds.length > 5 ? ` and ${kinds.length - 5} more` : ""}`,
    risk: objects.some((m) => HIGH_RISK.has(m.info.kind) || !m.info.namespaced)
      ? "high"
      : steps.some((s) => s.before !== undefined)
        ? "medium"
        : "low",
  };
}

async function readLive(ctx: VerbContext, m: ManifestObject): Promise<Obj | undefined> {
  try {
    return await readRaw(ctx, m.info, m.namespace, m.name);
  } catch (error) {
    if (isKubeError(error, "not_found")) return undefined;
    throw error;
  }
}

function target(m: ManifestObject): MutationStep["target"] {
  return m.namespace === undefined
    ? { kind: m.info.kind, name: m.name }
    : { kind: m.info.kind, namespace: m.namespace, name: m.name };
}

function withNamespace(m: ManifestObject): Obj {
  const object = clone(m.object);
  if (m.namespace !== undefined)
    object.metadata = { ...(object.metadata as Obj), namespace: m.namespace };
  return object;
}

function createStep(ctx: VerbContext, m: ManifestObject): MutationStep {
  const body = withNamespace(m);
  return {
    target: target(m),
    fallbackAfter: body,
    request: {
      method: "POST",
      path: resourcePath(m.info, m.namespace),
      body,
      query: { fieldManager: fieldManager(ctx) },
    },
    message: `${typePrefix(m.info)}/${m.name} created`,
  };
}

function patchStep(ctx: VerbContext, m: ManifestObject, live: Obj): MutationStep {
  const builtIn =
    m.info.group === "" || !m.info.group.includes(".") || m.info.group.endsWith(".k8s.io");
  const body = withNamespace(m);
  const after = (builtIn ? applyStrategicPatch(live, body) : applyMergePatch(live, body)) as Obj;
  if (JSON.stringify(sortKeys(after)) === JSON.stringify(sortKeys(live))) {
    return {
      target: target(m),
      before: live,
      message: `${typePrefix(m.info)}/${m.name} unchanged`,
    };
  }
  return {
    target: target(m),
    before: live,
    fallbackAfter: after,
    request: patchRequest(ctx, m, builtIn ? "strategic" : "merge", body),
    message: `${typePrefix(m.info)}/${m.name} configured`,
  };
}

function serverSideStep(ctx: VerbContext, m: ManifestObject, live: Obj): MutationStep {
  const force = ctx.command.flags.bool("force-conflicts");
  return {
    target: target(m),
    before: live,
    request: patchRequest(ctx, m, "apply", withNamespace(m), force ? { force: true } : {}),
    message: `${typePrefix(m.info)}/${m.name} serverside-applied`,
  };
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Obj)[k])]),
    );
  }
  return value;
}
