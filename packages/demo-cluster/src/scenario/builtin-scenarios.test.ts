import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { asObjects, asString, isObject, path, stringMap, type KubeObject } from "../util/json";
import { builtinScenarioDir, builtinScenarioNames } from "./builtin";
import { loadScenario } from "./load-scenario";
import { mergeScenarios } from "./merge-scenarios";
import { SCENARIO_CATEGORIES, type Scenario } from "./scenario";

/**
 * The built-in scenarios are the ground truth of the quality suite, so they
 * are checked like code: each loads, all load together without conflicts, and
 * the objects agree with each other the way a real cluster's do.
 */
const names = builtinScenarioNames();
const scenarios: Scenario[] = await Promise.all(
  names.map((n) => loadScenario(builtinScenarioDir(n))),
);
const merged = mergeScenarios(scenarios);
const objects = merged.objects.map((s) => s.object);
const key = (kind: string, ns: string | undefined, name: string): string =>
  `${kind}/${ns ?? ""}/${name}`;
const index = new Map(objects.map((o) => [key(o.kind, o.metadata.namespace, o.metadata.name), o]));

describe("built-in scenarios", () => {
  it("cover the issue's list (at least 18, two healthy), one namespace each", () => {
    expect(names.length).toBeGreaterThanOrEqual(18);
    expect(scenarios.filter((s) => s.expect.category === "Healthy").length).toBeGreaterThanOrEqual(
      2,
    );
    const namespaces = scenarios.map((s) => s.namespace);
    expect(new Set(namespaces).size).toBe(namespaces.length);
  });

  it("cover the quality suite's brief: at least 30, every category, several misleading or multi-cause", () => {
    expect(names.length).toBeGreaterThanOrEqual(30);
    const categories = new Set(scenarios.map((s) => s.expect.category));
    const missing = SCENARIO_CATEGORIES.filter((c) => !categories.has(c));
    expect(missing, "categories without a built-in scenario").toEqual([]);
    const withTrait = (t: string) =>
      scenarios.filter((s) => (s.traits as string[]).includes(t)).map((s) => s.name);
    expect(withTrait("misleading").length).toBeGreaterThanOrEqual(5);
    expect(withTrait("multi-cause").length).toBeGreaterThanOrEqual(2);
    // Issue #14: at least six with every cause listed (2–3 independent faults), some across namespaces.
    const listed = scenarios.filter((s) => (s.expect.causes?.length ?? 0) >= 2);
    expect(listed.length).toBeGreaterThanOrEqual(6);
    for (const s of listed) expect(s.traits, s.name).toContain("multi-cause");
    const spans = (s: Scenario) =>
      new Set((s.expect.causes ?? []).map((c) => c.resource.split("/").at(-2))).size;
    expect(listed.filter((s) => spans(s) >= 2).length).toBeGreaterThanOrEqual(3);
    // A trait is a claim about the story: a Healthy scenario has no cause to hide.
    for (const s of scenarios)
      if (s.expect.category === "Healthy") expect(s.traits, s.name).toEqual([]);
  });

  it("keep the category list in sync with the protocol's RootCauseCategory", () => {
    const source = readFileSync(
      new URL("../../../protocol/src/report.ts", import.meta.url),
      "utf8",
    );
    const block = /ROOT_CAUSE_CATEGORIES = \[([^\]]*)\]/.exec(source)?.[1] ?? "";
    const protocol = [...block.matchAll(/"([A-Za-z]+)"/g)].map((m) => m[1]);
    expect(protocol).toEqual([...SCENARIO_CATEGORIES]);
  });

  it.each(names)(
    "%s: expect names an existing object and mentions facts present in the data",
    (name) => {
      const s = scenarios.find((x) => x.name === name);
      if (s === undefined) throw new Error(name);
      const corpus = [
        ...s.objects.map((o) => JSON.stringify(o.object)),
        ...s.logs.map((l) => l.text),
      ]
        .join("\n")
        .toLowerCase()
        .replace(/\\"/g, '"');
      for (const cause of [s.expect, ...(s.expect.causes ?? [])]) {
        const parts = cause.resource.split("/");
        const [kind, a, b] = parts;
        const target =
          parts.length === 3
            ? index.get(key(kind ?? "", a, b ?? ""))
            : index.get(key(kind ?? "", undefined, a ?? ""));
        expect(target, cause.resource).toBeDefined();
        for (const mention of cause.mentions)
          expect(corpus, mention).toContain(mention.toLowerCase());
      }
    },
  );

  it.each(names)("%s: keeps its namespaced objects in its own namespace", (name) => {
    const s = scenarios.find((x) => x.name === name);
    if (s === undefined) throw new Error(name);
    // A multi-cause scenario may span the namespaces its causes live in, and no others.
    const causeNamespaces = (s.expect.causes ?? []).flatMap((c) => {
      const parts = c.resource.split("/");
      return parts.length === 3 ? [parts[1] ?? ""] : [];
    });
    const allowed = new Set([s.namespace, "default", "kube-node-lease", ...causeNamespaces]);
    for (const { object, file, line } of s.objects) {
      const ns = object.metadata.namespace;
      if (ns !== undefined)
        expect(
          allowed.has(ns),
          `${file}:${line} ${object.kind}/${ns}/${object.metadata.name}`,
        ).toBe(true);
    }
  });

  it("resolve every owner reference to an object with that uid", () => {
    for (const o of objects) {
      for (const ref of asObjects(o.metadata.ownerReferences)) {
        const owner =
          index.get(key(asString(ref.kind), o.metadata.namespace, asString(ref.name))) ??
          index.get(key(asString(ref.kind), undefined, asString(ref.name)));
        expect(
          owner,
          `${o.kind}/${o.metadata.name} → ${asString(ref.kind)}/${asString(ref.name)}`,
        ).toBeDefined();
        expect(ref.uid).toBe(owner?.metadata.uid);
      }
    }
  });

  it("give every object of the merged cluster its own uid (scenarios copied from others included)", () => {
    const holders = new Map<string, string>();
    for (const o of objects) {
      const uid = o.metadata.uid;
      if (uid === undefined) continue;
      const id = `${o.kind}/${o.metadata.namespace ?? ""}/${o.metadata.name}`;
      expect(holders.get(uid) ?? id, `uid ${uid}`).toBe(id);
      holders.set(uid, id);
    }
  });

  it("point every event at an existing object (Node events by name, in default)", () => {
    for (const e of objects.filter((o) => o.kind === "Event")) {
      const ref = isObject(e.involvedObject) ? e.involvedObject : {};
      const kind = asString(ref.kind);
      const target =
        index.get(key(kind, asString(ref.namespace) || undefined, asString(ref.name))) ??
        index.get(key(kind, undefined, asString(ref.name)));
      expect(target, `${e.metadata.namespace ?? ""}/${e.metadata.name}`).toBeDefined();
      if (kind === "Node") {
        expect(e.metadata.namespace).toBe("default");
        expect(ref.uid).toBe(ref.name);
      } else {
        expect(ref.uid).toBe(target?.metadata.uid);
      }
    }
  });

  it("schedule pods on existing nodes and give them IPs from the node's range", () => {
    for (const pod of objects.filter((o) => o.kind === "Pod")) {
      const nodeName = asString(path(pod, "spec", "nodeName"));
      if (nodeName === "") continue;
      const node = index.get(key("Node", undefined, nodeName));
      expect(node, pod.metadata.name).toBeDefined();
      const ip = asString(path(pod, "status", "podIP"));
      if (ip === "" || path(pod, "spec", "hostNetwork") === true) continue;
      const cidr = asString(path(node, "spec", "podCIDR"));
      expect(ip.split(".").slice(0, 3).join("."), pod.metadata.name).toBe(
        cidr.split(".").slice(0, 3).join("."),
      );
    }
  });

  it("select their own pods from ReplicaSets, Jobs and StatefulSets", () => {
    for (const pod of objects.filter((o) => o.kind === "Pod")) {
      const ref = asObjects(pod.metadata.ownerReferences)[0];
      if (ref === undefined || ref.kind === "Node" || ref.kind === "DaemonSet") continue;
      const owner = index.get(
        key(asString(ref.kind), pod.metadata.namespace, asString(ref.name)),
      ) as KubeObject;
      const selector = stringMap(path(owner, "spec", "selector", "matchLabels"));
      const labels = stringMap(pod.metadata.labels);
      for (const [k, v] of Object.entries(selector))
        expect(labels[k], `${pod.metadata.name} ${k}`).toBe(v);
    }
  });

  it("list only existing pods, with their IPs, in Endpoints", () => {
    for (const ep of objects.filter((o) => o.kind === "Endpoints")) {
      for (const subset of asObjects(ep.subsets)) {
        for (const addr of [
          ...asObjects(subset.addresses),
          ...asObjects(subset.notReadyAddresses),
        ]) {
          const ref = addr.targetRef;
          if (!isObject(ref)) continue;
          const pod = index.get(key("Pod", asString(ref.namespace), asString(ref.name)));
          expect(pod, `${ep.metadata.name} → ${asString(ref.name)}`).toBeDefined();
          expect(path(pod, "status", "podIP")).toBe(addr.ip);
        }
      }
    }
  });
});
