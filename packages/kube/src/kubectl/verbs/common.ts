import type { ResourceInfo } from "../../connection/resourceInfo";
import { qualifiedName } from "../../connection/resourceInfo";
import type { Target } from "../targets";
import type { VerbContext } from "../verbContext";

/** The namespace to address for a type: none for cluster-scoped types and with -A. */
export function scopeOf(ctx: VerbContext, info: ResourceInfo): string | undefined {
  if (!info.namespaced || ctx.allNamespaces) return undefined;
  return ctx.namespace;
}

/** kubectl's line for a missing object: `Error from server (NotFound): deployments.apps "x" not found`. */
export function notFoundLine(info: ResourceInfo, name: string): string {
  return `Error from server (NotFound): ${qualifiedName(info)} "${name}" not found`;
}

/** `No resources found in shop namespace.` / `No resources found` (kubectl prints it on stderr). */
export function noResourcesNote(ctx: VerbContext, targets: Target[]): string {
  const namespaced = targets.some((t) => t.info.namespaced);
  return namespaced && !ctx.allNamespaces
    ? `No resources found in ${ctx.namespace} namespace.`
    : "No resources found";
}
