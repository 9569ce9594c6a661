import { existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, dirname, extname, isAbsolute, join, resolve } from "node:path";
import { builtinScenarioDir, builtinScenarioNames } from "@kubemedic/demo-cluster";
import { isMap, isScalar, LineCounter, parseDocument, type Document } from "yaml";
import type { z } from "zod";
import { ConversationScript } from "./ConversationScript";

/** A script that cannot be used, with where: `file:line: message`. */
export class ScriptLoadError extends Error {
  override name = "ScriptLoadError";
}

/** A loaded, checked script, its scenario folders resolved. */
export interface LoadedScript {
  name: string;
  file: string;
  script: ConversationScript;
  /** Absolute scenario folders, in the order the script names them. */
  scenarioDirs: string[];
}

const MAX_BYTES = 1_000_000;

/**
 * Reads a script file: YAML, then the schema (unknown keys are errors), then
 * its scenario references. Every problem is a ScriptLoadError naming the file
 * and the line of the offending key or value.
 */
export async function loadConversationScript(file: string): Promise<LoadedScript> {
  const path = resolve(file);
  let source: string;
  try {
    if (statSync(path).size > MAX_BYTES)
      throw new ScriptLoadError(`${path}: larger than ${MAX_BYTES} bytes`);
    source = await readFile(path, "utf8");
  } catch (error) {
    if (error instanceof ScriptLoadError) throw error;
    throw new ScriptLoadError(`${path}: cannot read: ${(error as Error).message}`);
  }
  return parseConversationScript(source, path);
}

/** The same from text (`file` names it in messages and anchors relative scenario paths). */
export function parseConversationScript(source: string, file: string): LoadedScript {
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const syntax = doc.errors[0];
  if (syntax !== undefined) {
    const line = syntax.pos[0] >= 0 ? lines.linePos(syntax.pos[0]).line : undefined;
    throw new ScriptLoadError(
      `${file}${line === undefined ? "" : `:${line}`}: not valid YAML: ${syntax.message.split("\n")[0]}`,
    );
  }
  if (!isMap(doc.contents))
    throw new ScriptLoadError(`${file}: a script is a mapping (name, scenario, policy, turns)`);
  const parsed = ConversationScript.safeParse(doc.toJS());
  if (!parsed.success) {
    const { issue, path } = deepest(parsed.error.issues[0] as z.core.$ZodIssue, []);
    throw new ScriptLoadError(
      `${file}:${lineOf(doc, lines, issue, path)}: ${describeIssue(issue, path)}`,
    );
  }
  const script = parsed.data;
  const refs = typeof script.scenario === "string" ? [script.scenario] : script.scenario;
  const scenarioDirs = refs.map((ref, i) => {
    const dir = resolveScenarioRef(ref, dirname(file));
    if (dir === undefined) {
      const line = lineAt(
        doc,
        lines,
        typeof script.scenario === "string" ? ["scenario"] : ["scenario", i],
      );
      throw new ScriptLoadError(
        `${file}:${line}: scenario "${ref}" is neither a built-in scenario nor a scenario folder relative to the script`,
      );
    }
    return dir;
  });
  return {
    name: script.name ?? basename(file, extname(file)),
    file,
    script,
    scenarioDirs,
  };
}

/**
 * A built-in name (`imagepull-bad-tag`), else a folder relative to the script
 * (`scenarios/same-name`, `./x`, `../y`) or absolute, holding scenario.yaml.
 */
function resolveScenarioRef(ref: string, from: string): string | undefined {
  const looksLikePath = ref.includes("/") || ref.startsWith(".") || isAbsolute(ref);
  if (!looksLikePath && builtinScenarioNames().includes(ref)) return builtinScenarioDir(ref);
  const dir = isAbsolute(ref) ? ref : resolve(from, ref);
  return existsSync(join(dir, "scenario.yaml")) ? dir : undefined;
}

type Path = (string | number)[];

/** A failed union is explained by its best branch's issue, its path made absolute. */
function deepest(issue: z.core.$ZodIssue, prefix: Path): { issue: z.core.$ZodIssue; path: Path } {
  const path = [...prefix, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))];
  if (issue.code === "invalid_union") {
    const inner = unionBranchIssue(issue);
    if (inner !== undefined) return deepest(inner, path);
  }
  return { issue, path };
}

function describeIssue(issue: z.core.$ZodIssue, path: Path): string {
  const at = path.length === 0 ? "" : `${path.map(String).join(".")}: `;
  if (issue.code === "unrecognized_keys")
    return `${at}unknown key${issue.keys.length === 1 ? "" : "s"} ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
  if (issue.code === "invalid_value" && "values" in issue)
    return `${at}must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
  return `${at}${issue.message}`;
}

/**
 * The issue that explains a failed union best: from the branch whose shape
 * the value has (not refused at its root for its type), an unknown key first.
 */
function unionBranchIssue(
  issue: z.core.$ZodIssue & { code: "invalid_union" },
): z.core.$ZodIssue | undefined {
  const fitting = issue.errors.filter(
    (branch) =>
      branch.length > 0 && !branch.some((i) => i.path.length === 0 && i.code === "invalid_type"),
  );
  const all = fitting.flat();
  return all.find((i) => i.code === "unrecognized_keys") ?? all[0];
}

/** The line of the issue's node: the unknown key itself, else the value at the path, else its nearest parent. */
function lineOf(doc: Document, lines: LineCounter, issue: z.core.$ZodIssue, path: Path): number {
  if (issue.code === "unrecognized_keys") {
    const node = doc.getIn(path, true);
    if (isMap(node)) {
      const pair = node.items.find(
        (p) => isScalar(p.key) && issue.keys.includes(String(p.key.value)),
      );
      const start = isScalar(pair?.key) ? pair.key.range?.[0] : undefined;
      if (start !== undefined) return lines.linePos(start).line;
    }
  }
  return lineAt(doc, lines, path);
}

function lineAt(doc: Document, lines: LineCounter, path: Path): number {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true) as
      { range?: [number, number, number] } | undefined;
    if (node?.range !== undefined) return lines.linePos(node.range[0]).line;
    // A missing key: point at the mapping that should hold it.
  }
  return 1;
}
