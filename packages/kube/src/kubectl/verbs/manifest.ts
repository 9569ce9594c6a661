import { parseAllDocuments } from "yaml";
import { KubeError } from "../../errors";
import type { ResourceInfo } from "../../connection/resourceInfo";
import type { Obj } from "../fetch";
import type { VerbContext } from "../verbContext";

/** One object of a `-f -` manifest, resolved to its API type and namespace. */
export interface ManifestObject {
  info: ResourceInfo;
  namespace: string | undefined;
  name: string;
  object: Obj;
}

/** Largest manifest accepted. @default 1 MiB */
const MAX_MANIFEST = 1024 * 1024;

/**
 * Reads the manifest given beside `apply|create|delete -f -`: multi-document
 * YAML or JSON, `List` objects flattened. Every object needs apiVersion, kind
 * and metadata.name, and a type the server serves.
 */
export async function readManifest(ctx: VerbContext): Promise<ManifestObject[]> {
  if (!ctx.command.flags.strings("filename").includes("-")) {
    throw new KubeError(
      "usage",
      `${ctx.command.verb} needs -f - with the manifest passed beside the command`,
    );
  }
  const text = ctx.manifest;
  if (text === undefined || text.trim() === "") {
    throw new KubeError("usage", `${ctx.command.verb} -f - needs a manifest, and none was given`);
  }
  if (Buffer.byteLength(text) > MAX_MANIFEST)
    throw new KubeError("usage", "the manifest is larger than 1 MiB");
  const objects: Obj[] = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0)
      throw new KubeError("usage", `the manifest is not valid YAML: ${doc.errors[0]!.message}`);
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) continue;
    if (typeof value !== "object" || Array.isArray(value))
      throw new KubeError("usage", "each manifest document must be an object");
    const obj = value as Obj;
    if (typeof obj.kind === "string" && obj.kind.endsWith("List") && Array.isArray(obj.items))
      objects.push(...(obj.items as Obj[]));
    else objects.push(obj);
  }
  if (objects.length === 0) throw new KubeError("usage", "the manifest holds no object");
  const out: ManifestObject[] = [];
  for (const object of objects) {
    const meta = (object.metadata ?? {}) as Obj;
    if (typeof object.apiVersion !== "string" || typeof object.kind !== "string") {
      throw new KubeError("usage", "every manifest object needs apiVersion and kind");
    }
    if (typeof meta.name !== "string" || meta.name === "") {
      throw new KubeError("usage", `a ${object.kind} in the manifest has no metadata.name`);
    }
    const info = await ctx.cluster.discovery.byKind(object.apiVersion, object.kind, ctx.signal);
    let namespace: string | undefined;
    if (info.namespaced) {
      const own =
        typeof meta.namespace === "string" && meta.namespace !== "" ? meta.namespace : undefined;
      if (own !== undefined && ctx.namespaceExplicit && own !== ctx.namespace) {
        throw new KubeError(
          "usage",
          `the namespace from the provided object "${own}" does not match the namespace "${ctx.namespace}"; pass --namespace=${own}`,
        );
      }
      namespace = own ?? ctx.namespace;
    }
    out.push({ info, namespace, name: meta.name, object });
  }
  return out;
}
