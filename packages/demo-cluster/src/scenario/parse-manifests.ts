import { LineCounter, parseAllDocuments } from "yaml";
import { DemoClusterError } from "../errors";
import { isObject, type JsonObject } from "../util/json";

export interface ParsedDocument {
  value: JsonObject;
  /** 1-based line where the document starts. */
  line: number;
}

/**
 * Parses a multi-document YAML file, keeping each document's line so that a
 * malformed object can be reported as `file:line: Kind/ns/name: problem`.
 * Empty documents (a trailing `---`) are skipped; a document that is not a
 * mapping is an error.
 */
export function parseManifests(text: string, file: string): ParsedDocument[] {
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const out: ParsedDocument[] = [];
  for (const doc of docs) {
    const first = doc.errors[0];
    if (first !== undefined) {
      const line = lineCounter.linePos(first.pos[0]).line;
      throw new DemoClusterError(
        "scenario_invalid",
        `YAML syntax error: ${first.message.split("\n")[0] ?? ""}`,
        {
          file,
          line,
        },
      );
    }
    const start = doc.contents?.range[0] ?? doc.range[0];
    const line = lineCounter.linePos(start).line;
    const value: unknown = doc.toJS({ maxAliasCount: 100 });
    if (value === null || value === undefined) continue;
    if (!isObject(value)) {
      throw new DemoClusterError(
        "scenario_invalid",
        "a document must be a mapping (an object), not a list or a scalar",
        {
          file,
          line,
        },
      );
    }
    out.push({ value, line });
  }
  return out;
}

/** Parses a single-document YAML file (scenario.yaml). */
export function parseSingleDocument(text: string, file: string): JsonObject {
  const docs = parseManifests(text, file);
  if (docs.length !== 1 || docs[0] === undefined) {
    throw new DemoClusterError(
      "scenario_invalid",
      `expected exactly one YAML document, found ${docs.length}`,
      { file },
    );
  }
  return docs[0].value;
}
