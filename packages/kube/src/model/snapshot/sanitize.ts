import type { KubeObject } from "../objects";

const LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";

/**
 * Makes an object fit to keep in a snapshot, in place: drops `managedFields`
 * and the last-applied annotation (large, and for Secrets a second copy of the
 * values), and for Secrets keeps only the key names of `data` — no value is
 * ever held, so none can reach a finding, a log or an LLM.
 */
export function sanitizeObject<T extends KubeObject>(object: T): T {
  const meta = object.metadata;
  if (meta !== undefined) {
    delete meta.managedFields;
    if (meta.annotations != null && LAST_APPLIED in meta.annotations) {
      const { [LAST_APPLIED]: _dropped, ...rest } = meta.annotations;
      meta.annotations = rest;
    }
  }
  if (object.kind === "Secret") {
    const secret = object as T & { data?: Record<string, string> | null; stringData?: unknown };
    if (secret.data != null)
      secret.data = Object.fromEntries(Object.keys(secret.data).map((k) => [k, ""]));
    if (secret.stringData != null) {
      const keys = Object.keys(secret.stringData);
      secret.data = { ...secret.data, ...Object.fromEntries(keys.map((k) => [k, ""])) };
      delete secret.stringData;
    }
  }
  return object;
}
