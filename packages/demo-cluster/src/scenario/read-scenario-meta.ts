import { DemoClusterError } from "../errors";
import { asObject, asString, isObject, type JsonObject } from "../util/json";
import { parseReconcile } from "./parse-reconcile";
import {
  SCENARIO_CATEGORIES,
  type ExpectedCause,
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
  const causes = readCauses(expect.causes, fail);
  // With `causes` and no top-level category, the first cause is the primary one.
  const primary = expect.category === undefined ? causes?.[0] : undefined;
  const { category, resource, mentions } = primary ?? readCause(expect, "expect", fail);
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
    // A multi-cause scenario is fixable while one of its causes is.
    fixable:
      category !== "Healthy" &&
      doc.fixable !== false &&
      (causes === undefined || causes.some((c) => c.fixable !== false)),
    expect: {
      category,
      resource,
      mentions,
      ...(healthyNamespaces === undefined ? {} : { healthyNamespaces }),
      ...(causes === undefined ? {} : { causes }),
    },
  };
}

type Fail = (message: string) => never;

/** `expect.causes`: a multi-cause scenario's independent causes, primary first. */
function readCauses(value: unknown, fail: Fail): ExpectedCause[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length < 2)
    return fail("expect.causes must list at least two causes");
  const causes = value.map((c, i) => {
    if (!isObject(c)) return fail(`expect.causes[${i}] must be a map`);
    return readCause(asObject(c), `expect.causes[${i}]`, fail);
  });
  const keys = causes.map((c) => c.resource);
  if (new Set(keys).size !== keys.length) fail("expect.causes names one resource twice");
  return causes;
}

/** category + resource + mentions, checked: a category of the taxonomy, a well-formed resource. */
function readCause(doc: JsonObject, where: string, fail: Fail): ExpectedCause {
  const category = asString(doc.category);
  if (!(SCENARIO_CATEGORIES as readonly string[]).includes(category)) {
    fail(`${where}.category "${category}" is not one of ${SCENARIO_CATEGORIES.join(", ")}`);
  }
  const resource = asString(doc.resource);
  const parts = resource.split("/");
  if (parts.length < 2 || parts.length > 3 || parts.some((p) => p === "")) {
    fail(`${where}.resource "${resource}" must be Kind/namespace/name or Kind/name`);
  }
  const mentions = Array.isArray(doc.mentions) ? doc.mentions.map((m) => String(m)) : [];
  if (mentions.some((m) => m.trim() === ""))
    fail(`${where}.mentions may not contain empty strings`);
  if (doc.fixable !== undefined && typeof doc.fixable !== "boolean")
    fail(`${where}.fixable must be true or false`);
  return { category, resource, mentions, ...(doc.fixable === false ? { fixable: false } : {}) };
}
