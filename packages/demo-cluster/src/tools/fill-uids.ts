/**
 * Authoring aid: writes the uids the loader would derive into scenario files,
 * so that tools reading cluster.yaml directly (without the simulator) see
 * complete owner references and event targets. Comments and layout are kept.
 *
 *   node_modules/.bin/tsx packages/demo-cluster/src/tools/fill-uids.ts <scenario-dir>...
 *
 * A scenario's includes (e.g. `_base`) are read for owners and event targets.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Scalar, YAMLMap } from "yaml";
import { isMap, isSeq, parseAllDocuments, type Document } from "yaml";
import { asObject, asObjects, asString, isObject, type JsonObject } from "../util/json";
import { deterministicUid } from "../util/uid";
import { builtinScenarioDir } from "../scenario/builtin";

function identity(kind: string, namespace: string, name: string): string {
  return `${kind}/${namespace}/${name}`;
}

function readDocs(file: string): Document[] {
  return existsSync(file) ? parseAllDocuments(readFileSync(file, "utf8")) : ([] as Document[]);
}

function uidIndex(files: string[]): Map<string, string> {
  const index = new Map<string, string>();
  for (const file of files) {
    for (const doc of readDocs(file)) {
      const o = asObject(doc.toJS());
      const m = asObject(o.metadata);
      const id = identity(asString(o.kind), asString(m.namespace), asString(m.name));
      index.set(id, asString(m.uid) || deterministicUid(id));
    }
  }
  return index;
}

/** Inserts `key: value` into a YAML map right after `after` (or at the end). */
function insertAfter(
  doc: Document,
  map: YAMLMap,
  after: string[],
  key: string,
  value: string,
): void {
  if (map.has(key)) return;
  let at = map.items.length;
  for (const a of after) {
    const i = map.items.findIndex((p) => (p.key as Scalar | undefined)?.value === a);
    if (i >= 0) at = i + 1;
  }
  map.items.splice(at, 0, doc.createPair(key, value) as (typeof map.items)[number]);
}

function fill(dir: string): number {
  const file = join(dir, "cluster.yaml");
  const scenarioDoc = asObject(readDocs(join(dir, "scenario.yaml"))[0]?.toJS());
  const includes = Array.isArray(scenarioDoc.include) ? scenarioDoc.include.map(String) : [];
  const index = uidIndex([
    ...includes.map((n) => join(builtinScenarioDir(n), "cluster.yaml")),
    file,
  ]);
  const docs = readDocs(file);
  let changed = 0;
  for (const doc of docs) {
    const o: JsonObject = asObject(doc.toJS());
    const m = asObject(o.metadata);
    const ns = asString(m.namespace);
    const meta = doc.get("metadata");
    if (!isMap(meta)) continue;
    if (!meta.has("uid")) {
      insertAfter(
        doc,
        meta,
        ["name", "namespace"],
        "uid",
        deterministicUid(identity(asString(o.kind), ns, asString(m.name))),
      );
      changed++;
    }
    const owners = meta.get("ownerReferences");
    if (isSeq(owners)) {
      asObjects(m.ownerReferences).forEach((ref, i) => {
        const node = owners.items[i];
        if (!isMap(node) || node.has("uid")) return;
        const kind = asString(ref.kind);
        const name = asString(ref.name);
        const uid =
          index.get(identity(kind, ns, name)) ??
          index.get(identity(kind, "", name)) ??
          deterministicUid(identity(kind, ns, name));
        insertAfter(doc, node, ["name"], "uid", uid);
        changed++;
      });
    }
    const involved = doc.get(isObject(o.regarding) ? "regarding" : "involvedObject");
    if (o.kind === "Event" && isMap(involved) && !involved.has("uid")) {
      const ref = asObject(isObject(o.regarding) ? o.regarding : o.involvedObject);
      const kind = asString(ref.kind);
      const name = asString(ref.name);
      const refNs = asString(ref.namespace);
      const uid =
        kind === "Node"
          ? name
          : (index.get(identity(kind, refNs, name)) ?? index.get(identity(kind, "", name)));
      if (uid !== undefined) {
        insertAfter(doc, involved, ["name", "namespace"], "uid", uid);
        changed++;
      }
    }
  }
  if (changed > 0) writeFileSync(file, docs.map((d) => d.toString({ lineWidth: 0 })).join(""));
  return changed;
}

for (const dir of process.argv.slice(2)) console.log(`${dir}: ${fill(dir)} uid(s) written`);
