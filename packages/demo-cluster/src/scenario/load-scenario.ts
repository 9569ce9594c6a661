import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { TypeRegistry } from "../api/type-registry";
import { DemoClusterError } from "../errors";
import { asObjects, asString } from "../util/json";
import { builtinScenarioDir } from "./builtin";
import { normalizeObjects } from "./normalize-objects";
import { objectRef } from "./object-ref";
import { parseManifests, parseSingleDocument, type ParsedDocument } from "./parse-manifests";
import { readLogs } from "./read-logs";
import { readScenarioMeta } from "./read-scenario-meta";
import type { Scenario, SourcedObject } from "./scenario";
import { validateObject } from "./validate-object";

export interface LoadOptions {
  /** The moment relative times resolve against. @default Date.now() */
  now?: number;
  /**
   * Scenarios already loaded in this batch, by directory: shared includes
   * (`_base`) then load once when several scenarios are loaded together.
   */
  cache?: Map<string, Scenario>;
}

/**
 * Parsed cluster.yaml documents by path, reused while the file is unchanged:
 * YAML parsing dominates start-up, and tests start many clusters per process.
 */
const parsedFiles = new Map<string, { mtimeMs: number; size: number; docs: ParsedDocument[] }>();

/**
 * Loads a scenario folder (scenario.yaml, cluster.yaml, logs/) and the folders
 * it includes. Everything is checked here: a malformed scenario fails with the
 * file, the line and the offending object, never later inside the server.
 */
export async function loadScenario(dir: string, options: LoadOptions = {}): Promise<Scenario> {
  return load(
    resolve(dir),
    options.now ?? Date.now(),
    options.cache ?? new Map<string, Scenario>(),
    [],
  );
}

async function load(
  dir: string,
  now: number,
  cache: Map<string, Scenario>,
  stack: string[],
): Promise<Scenario> {
  const cached = cache.get(dir);
  if (cached !== undefined) return cached;
  if (stack.includes(dir)) {
    throw new DemoClusterError("scenario_invalid", `include cycle: ${[...stack, dir].join(" → ")}`);
  }
  const metaFile = join(dir, "scenario.yaml");
  if (!existsSync(metaFile)) {
    throw new DemoClusterError("scenario_not_found", `no scenario.yaml in ${dir}`);
  }
  const meta = readScenarioMeta(
    parseSingleDocument(await readFile(metaFile, "utf8"), metaFile),
    metaFile,
  );
  const includes: Scenario[] = [];
  for (const name of meta.include) {
    includes.push(await load(resolveInclude(name, dir), now, cache, [...stack, dir]));
  }
  const known = includes.flatMap(allObjects);
  const own = await readObjects(join(dir, "cluster.yaml"), known);
  normalizeObjects(own, known, now);
  const logs = await readLogs(dir);
  const scenario: Scenario = {
    name: meta.name,
    description: meta.description,
    question: meta.question,
    namespace: meta.namespace,
    expect: meta.expect,
    traits: meta.traits,
    fixable: meta.fixable,
    dir,
    base: meta.base,
    includes,
    objects: own,
    logs,
    reconcile: meta.reconcile,
    loadedAt: now,
  };
  checkLogsHavePods(scenario);
  cache.set(dir, scenario);
  return scenario;
}

/** Every object of a scenario and of what it includes, includes first. */
export function allObjects(s: Scenario): SourcedObject[] {
  return [...s.includes.flatMap(allObjects), ...s.objects];
}

/** An include is a built-in name (`_base`), a path relative to the scenario, or an absolute path. */
function resolveInclude(name: string, from: string): string {
  if (isAbsolute(name)) return name;
  const sibling = resolve(from, name);
  if (existsSync(join(sibling, "scenario.yaml"))) return sibling;
  const parentSibling = resolve(dirname(from), name);
  if (existsSync(join(parentSibling, "scenario.yaml"))) return parentSibling;
  return builtinScenarioDir(name);
}

async function readObjects(file: string, known: SourcedObject[]): Promise<SourcedObject[]> {
  if (!existsSync(file)) return [];
  const docs = await parseCached(file);
  const types = new TypeRegistry();
  for (const s of known) types.learn(s.object);
  // CRDs first, so custom objects in the same file know their scope.
  for (const d of docs) if (d.value.kind === "CustomResourceDefinition") types.learn(d.value);
  const out: SourcedObject[] = [];
  const seen = new Map<string, number>();
  for (const doc of docs) {
    const items = doc.value.kind === "List" ? asObjects(doc.value.items) : [doc.value];
    for (const raw of items) {
      const object = validateObject(raw, {
        file,
        line: doc.line,
        isNamespaced: (apiVersion, kind) => types.forObject(apiVersion, kind)?.namespaced,
      });
      const key = `${object.apiVersion}/${objectRef(object)}`;
      const previous = seen.get(key);
      if (previous !== undefined) {
        throw new DemoClusterError(
          "scenario_invalid",
          `duplicate object (first defined at line ${previous})`,
          {
            file,
            line: doc.line,
            object: objectRef(object),
          },
        );
      }
      seen.set(key, doc.line);
      out.push({ object, file, line: doc.line });
    }
  }
  return out;
}

async function parseCached(file: string): Promise<ParsedDocument[]> {
  const info = await stat(file);
  const hit = parsedFiles.get(file);
  if (hit !== undefined && hit.mtimeMs === info.mtimeMs && hit.size === info.size)
    return structuredClone(hit.docs);
  const docs = parseManifests(await readFile(file, "utf8"), file);
  parsedFiles.set(file, { mtimeMs: info.mtimeMs, size: info.size, docs: structuredClone(docs) });
  return docs;
}

/** A log file whose pod or container does not exist would never be served: refuse it. */
function checkLogsHavePods(s: Scenario): void {
  const pods = new Map<string, string[]>();
  for (const { object } of allObjects(s)) {
    if (object.kind !== "Pod") continue;
    const spec = object.spec as Record<string, unknown> | undefined;
    const names = [...asObjects(spec?.containers), ...asObjects(spec?.initContainers)].map((c) =>
      asString(c.name),
    );
    pods.set(`${object.metadata.namespace ?? ""}/${object.metadata.name}`, names);
  }
  for (const log of s.logs) {
    const containers = pods.get(`${log.namespace}/${log.pod}`);
    if (containers === undefined) {
      throw new DemoClusterError(
        "scenario_invalid",
        `no pod ${log.namespace}/${log.pod} for this log`,
        { file: log.file },
      );
    }
    if (!containers.includes(log.container)) {
      throw new DemoClusterError(
        "scenario_invalid",
        `pod ${log.namespace}/${log.pod} has no container "${log.container}" (it has ${containers.join(", ")})`,
        { file: log.file },
      );
    }
  }
}
