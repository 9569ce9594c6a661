import { DemoClusterError } from "../errors";
import { asObject, asString, isObject, type JsonObject } from "../util/json";
import { parseReconcile } from "./parse-reconcile";
import {
  SCENARIO_CATEGORIES,
  SCENARIO_TRAITS,
  type ReconcileRules,
  type ScenarioExpect,
  type ScenarioTrait,
} from "./scenario";

export interface ScenarioMeta {
  name: string;
  description: string;
  question: string;
  namespace: string;
  base: boolean;
  include: string[];
  expect: ScenarioExpect;
  traits: ScenarioTrait[];
  /** `fixable: false` for faults no kubectl change can fix; Healthy scenarios are never fixable. */
  fixable: boolean;
  reconcile: ReconcileRules;
}

const KNOWN_KEYS = new Set([
  "name",
  "description",
  "question",
  "namespace",
  "base",
  "include",
  "expect",
  "traits",
  "fixable",
  "reconcile",
]);

/** Reads and checks scenario.yaml. A base folder (`base: true`) has no question or expect. */
export function readScenarioMeta(doc: JsonObject, file: string): ScenarioMeta {
  const fail = (message: string): never => {
    throw new DemoClusterError("scenario_invalid", message, { file });
  };
  for (const key of Object.keys(doc)) if (!KNOWN_KEYS.has(key)) fail(`unknown key "${key}"`);
  const name = asString(doc.name);
  if (!/^_?[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(name)) fail("name must be a lowercase DNS label");
  const base = doc.base === true;
  const include = Array.isArray(doc.include) ? doc.include.map((v) => String(v)) : [];
  const reconcile = parseReconcile(doc.reconcile, asString(doc.namespace), file);
  if (doc.traits !== undefined && !Array.isArray(doc.traits))
    fail(`traits must be a list of ${SCENARIO_TRAITS.join(", ")}`);
  const traits = (Array.isArray(doc.traits) ? doc.traits : []).map((t) => String(t));
  for (const t of traits)
    if (!(SCENARIO_TRAITS as readonly string[]).includes(t))
      fail(`traits: "${t}" is not one of ${SCENARIO_TRAITS.join(", ")}`);
  if (doc.fixable !== undefined && typeof doc.fixable !== "boolean")
    fail("fixable must be true or false");
  const common = {
    name,
    description: asString(doc.description),
    include,
    reconcile,
    base,
    traits: [...new Set(traits)] as ScenarioTrait[],
  };
  if (base) {
    return {
      ...common,
      question: "",
      namespace: "",
      expect: { category: "Healthy", resource: "", mentions: [] },
      fixable: false,
    };
  }
  const question = asString(doc.question);
  const namespace = asString(doc.namespace);
  if (question === "") fail("question is missing");
  if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(namespace))
    fail("namespace must be a lowercase DNS label");
  if (!isObject(doc.expect)) return fail("expect is missing");
  const expect = asObject(doc.expect);
  const category = asString(expect.category);
  if (!(SCENARIO_CATEGORIES as readonly string[]).includes(category)) {
    fail(`expect.category "${category}" is not one of ${SCENARIO_CATEGORIES.join(", ")}`);
  }
  const resource = asString(expect.resource);
  const parts = resource.split("/");
  if (parts.length < 2 || parts.length > 3 || parts.some((p) => p === "")) {
    fail(`expect.resource "${resource}" must be Kind/namespace/name or Kind/name`);
  }
  const mentions = Array.isArray(expect.mentions) ? expect.mentions.map((m) => String(m)) : [];
  if (mentions.some((m) => m.trim() === "")) fail("expect.mentions may not contain empty strings");
  if (expect.healthyNamespaces !== undefined && !Array.isArray(expect.healthyNamespaces))
    fail("expect.healthyNamespaces must be a list of namespaces");
  const healthyNamespaces = Array.isArray(expect.healthyNamespaces)
    ? expect.healthyNamespaces.map((n) => String(n))
    : undefined;
  for (const n of healthyNamespaces ?? []) {
    if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(n))
      fail(`expect.healthyNamespaces: "${n}" is not a namespace name`);
    if (n === namespace && category !== "Healthy")
      fail(`expect.healthyNamespaces names ${n}, the namespace of the fault`);
  }
  return {
    ...common,
    question,
    namespace,
    fixable: category !== "Healthy" && doc.fixable !== false,
    expect: {
      category,
      resource,
      mentions,
      ...(healthyNamespaces === undefined ? {} : { healthyNamespaces }),
    },
  };
}
