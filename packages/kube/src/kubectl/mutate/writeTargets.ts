import { KubeError } from "../../errors";
import type { ResourceInfo } from "../../connection/resourceInfo";
import { resourcePath, typePrefix } from "../../connection/resourceInfo";
import type { ApiRequest } from "../../connection/transport";
import type { Obj } from "../fetch";
import { readRaw, withType } from "../fetch";
import { resolveTargets } from "../targets";
import type { VerbContext } from "../verbContext";
import type { ObjectRef } from "@kubemedic/protocol";

/** One live object a mutating command will change. `object` is raw: redact before showing it. */
export interface WriteTarget {
  info: ResourceInfo;
  namespace: string | undefined;
  name: string;
  object: Obj;
}

export interface WriteTargetOptions {
  /** Accept `-l selector` (and `--all`) instead of names. */
  selectable?: boolean;
  /** Only these kinds. */
  kinds?: ReadonlySet<string>;
  /** How many positional arguments belong to the resource (the rest are e.g. `app=img`). */
  resourceArgs?: number;
}

/**
 * Reads the objects a mutating command names (TYPE NAME…, TYPE/NAME…, or
 * TYPE -l selector / --all), live and unredacted, so the change can be
 * computed exactly. Refuses a type without names, as kubectl does.
 */
export async function writeTargets(
  ctx: VerbContext,
  args: string[],
  options: WriteTargetOptions = {},
): Promise<WriteTarget[]> {
  const resolved = await resolveTargets(ctx, args, ctx.command.verb);
  const flags = ctx.command.flags;
  const selector = flags.string("selector");
  const all = flags.bool("all");
  const out: WriteTarget[] = [];
  for (const target of resolved.targets) {
    const { info } = target;
    if (options.kinds && !options.kinds.has(info.kind)) {
      throw new KubeError(
        "usage",
        `${ctx.command.verb} does not work on ${info.resource} (it works on ${[...options.kinds].join(", ")})`,
      );
    }
    const namespace = info.namespaced ? ctx.namespace : undefined;
    if (target.names.length === 0) {
      if (!options.selectable || (selector === undefined && !all)) {
        throw new KubeError(
          "usage",
          `resource(s) were provided, but no name was specified: name the ${info.resource}${options.selectable ? " or use -l / --all" : ""}`,
        );
      }
      const list = await ctx.cluster.transport.json<{ items?: Obj[] }>({
        path: resourcePath(info, ctx.allNamespaces ? undefined : namespace),
        query: { labelSelector: selector, fieldSelector: flags.string("field-selector") },
        ...(ctx.signal ? { signal: ctx.signal } : {}),
      });
      for (const item of list.items ?? []) {
        const meta = (item.metadata ?? {}) as Obj;
        out.push({
          info,
          namespace: info.namespaced ? String(meta.namespace) : undefined,
          name: String(meta.name),
          object: withType(item, info),
        });
      }
      continue;
    }
    for (const name of target.names) {
      out.push({ info, namespace, name, object: await readRaw(ctx, info, namespace, name) });
    }
  }
  return out;
}

export function stepTarget(t: WriteTarget): ObjectRef {
  return t.namespace === undefined
    ? { kind: t.info.kind, name: t.name }
    : { kind: t.info.kind, namespace: t.namespace, name: t.name };
}

/** `deployment.apps/checkout`. */
export function label(t: WriteTarget): string {
  return `${typePrefix(t.info)}/${t.name}`;
}

export type PatchType = "strategic" | "merge" | "json" | "apply";

const CONTENT_TYPES: Readonly<Record<PatchType, string>> = {
  strategic: "application/strategic-merge-patch+json",
  merge: "application/merge-patch+json",
  json: "application/json-patch+json",
  apply: "application/apply-patch+yaml",
};

/** A PATCH of one object, tagged with the field manager. */
export function patchRequest(
  ctx: VerbContext,
  t: { info: ResourceInfo; namespace: string | undefined; name: string },
  type: PatchType,
  body: unknown,
  extraQuery: Record<string, string | boolean | undefined> = {},
): ApiRequest {
  return {
    method: "PATCH",
    path: resourcePath(t.info, t.namespace, t.name),
    contentType: CONTENT_TYPES[type],
    body,
    query: { fieldManager: fieldManager(ctx), ...extraQuery },
  };
}

/** Who the server records as the writer. @default "kubemedic" */
export function fieldManager(ctx: VerbContext): string {
  return ctx.command.flags.string("field-manager") ?? "kubemedic";
}
