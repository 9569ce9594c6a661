import { parseAllDocuments, stringify } from "yaml";
import { redactObject } from "./redactObject";
import { redactText } from "./redactText";

/**
 * A manifest (`apply -f -`) fit for display and storage: every document is
 * redacted like an API object (Secret values become `[REDACTED: N bytes]`,
 * credential env values are masked) and printed back as YAML. Text that does
 * not parse is masked as free text. For showing only: apply the original.
 */
export function redactManifest(manifest: string): string {
  const docs = parseAllDocuments(manifest);
  if (docs.some((doc) => doc.errors.length > 0)) return redactText(manifest);
  return docs
    .map((doc) => doc.toJS() as unknown)
    .filter((value) => value !== null && value !== undefined)
    .map((value) => stringify(redactObject(value), { lineWidth: 0 }).trimEnd())
    .join("\n---\n");
}
