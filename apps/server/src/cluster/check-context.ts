import { ServerError } from "../errors";
import type { ClusterRegistry } from "./cluster-registry";

/**
 * A conversation may only name a context the server knows: refused at once
 * (`bad_request`), the same over REST and WebSocket, rather than accepted and
 * failing every turn later with a `not_found` about a context.
 */
export function checkClusterContext(
  clusters: Pick<ClusterRegistry, "hasContext">,
  context: string | undefined,
): void {
  if (context !== undefined && !clusters.hasContext(context)) {
    throw new ServerError("bad_request", `unknown cluster context "${context}"`);
  }
}
