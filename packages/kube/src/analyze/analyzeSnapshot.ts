import type { AnalysisOutput, AnalysisResultItem, ObjectRef } from "@kubemedic/protocol";
import { KubeError } from "../errors";
import { anonymizeAnalysis } from "./anonymize";
import type { AnalyzeOptions } from "./AnalyzeOptions";
import type { Analyzer } from "./analyzers/Analyzer";
import { ANALYZERS, analyzerByName } from "./analyzers/index";
import { canonicalKind } from "../model/kinds";
import { parseLabelSelector, type Requirement } from "../model/labelSelector";
import { redactText } from "../redact/redactText";
import { createMasker, failureFactory } from "./sensitive";
import type { ClusterSnapshot } from "../model/snapshot/ClusterSnapshot";
import { RESOURCES } from "../model/snapshot/resources";
import { sortResults } from "./sortResults";

/** Analyzers that speak about a kind when only a resource is given. */
const ANALYZERS_FOR_KIND: Record<string, readonly string[]> = {
  Pod: ["Pod"],
  Deployment: ["Deployment", "ReplicaSet", "Pod"],
  ReplicaSet: ["ReplicaSet", "Pod"],
  StatefulSet: ["StatefulSet", "Pod", "PersistentVolumeClaim"],
  DaemonSet: ["DaemonSet", "Pod"],
  Job: ["Job", "Pod"],
  CronJob: ["CronJob", "Job"],
  Service: ["Service"],
  Ingress: ["Ingress"],
  PersistentVolumeClaim: ["PersistentVolumeClaim"],
  Node: ["Node"],
  ConfigMap: ["ConfigMap"],
  HorizontalPodAutoscaler: ["HorizontalPodAutoscaler"],
  PodDisruptionBudget: ["PodDisruptionBudget"],
  NetworkPolicy: ["NetworkPolicy"],
  MutatingWebhookConfiguration: ["MutatingWebhookConfiguration"],
  ValidatingWebhookConfiguration: ["ValidatingWebhookConfiguration"],
};

export interface AnalyzerSelection {
  analyzers: Analyzer[];
  errors: string[];
}

/**
 * Which analyzers run: the named filters (unknown names reported, duplicates
 * ignored), else those for the resource's kind, else the core ones.
 */
export function selectAnalyzers(
  options: Pick<AnalyzeOptions, "filters" | "resource">,
): AnalyzerSelection {
  const names = (options.filters ?? [])
    .flatMap((f) => f.split(","))
    .map((f) => f.trim())
    .filter((f) => f !== "");
  const errors: string[] = [];
  if (names.length > 0) {
    const analyzers: Analyzer[] = [];
    for (const name of names) {
      const analyzer = analyzerByName(name);
      if (analyzer === undefined)
        errors.push(
          `Filter ${name} does not exist. Run 'kubemedic analyze --list-filters' to see the available filters.`,
        );
      else if (!analyzers.includes(analyzer)) analyzers.push(analyzer);
    }
    return { analyzers, errors };
  }
  if (options.resource !== undefined) {
    const forKind =
      ANALYZERS_FOR_KIND[canonicalKind(options.resource.kind) ?? options.resource.kind];
    if (forKind !== undefined)
      return {
        analyzers: forKind.map((n) => analyzerByName(n)).filter((a) => a !== undefined),
        errors,
      };
  }
  return { analyzers: ANALYZERS.filter((a) => a.core), errors };
}

/** Parses a label selector, turning a syntax error into a usage error. */
function parseSelectorOption(selector: string | undefined): Requirement[] | undefined {
  if (selector === undefined || selector.trim() === "") return undefined;
  try {
    return parseLabelSelector(selector);
  } catch (error) {
    throw new KubeError("usage", `Invalid --selector: ${(error as Error).message}.`, {
      cause: error,
    });
  }
}

/**
 * Runs the selected analyzers over a snapshot and returns k8sgpt's JSON shape,
 * results sorted by kind then name (k8sgpt's order is random). An analyzer
 * that fails — or whose input lists could not be read — adds an `errors` entry
 * `[Name] reason` and the others still run.
 */
export async function analyzeSnapshot(
  snapshot: ClusterSnapshot,
  options: AnalyzeOptions = {},
): Promise<AnalysisOutput> {
  const selector = parseSelectorOption(options.labelSelector);
  const { analyzers, errors } = selectAnalyzers(options);
  const mask = createMasker();
  const context = {
    snapshot,
    namespace: options.namespace === "" ? undefined : (options.namespace ?? snapshot.namespace),
    selector,
    failure: failureFactory(mask),
    signal: options.signal,
  };
  const results: AnalysisResultItem[] = [];
  for (const analyzer of analyzers) {
    if (options.signal?.aborted === true)
      throw new KubeError("cancelled", "The analysis was cancelled.");
    const missing = analyzer.needs.filter(
      (key) => snapshot.failures.has(key) || !snapshot.loaded.has(key),
    );
    if (missing.length > 0) {
      errors.push(
        `[${analyzer.name}] ${missing
          .map(
            (key) =>
              `cannot list ${RESOURCES[key].plural}: ${snapshot.failures.get(key) ?? "not loaded in this snapshot"}`,
          )
          .join("; ")}`,
      );
      continue;
    }
    try {
      results.push(...(await analyzer.run(context)));
    } catch (error) {
      errors.push(`[${analyzer.name}] ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const focused =
    options.resource === undefined
      ? results
      : results.filter((r) => concerns(r, options.resource!));
  const output = toOutput(sortResults(focused), errors);
  return options.anonymize === true ? anonymizeAnalysis(output, mask).output : output;
}

export function toOutput(results: AnalysisResultItem[], errors: string[]): AnalysisOutput {
  const problems = results.reduce((n, r) => n + r.error.length, 0);
  return {
    provider: "",
    // An analyzer's error may quote an API server message: redacted like findings.
    errors: errors.length === 0 ? null : errors.map((e) => redactText(e)),
    status: problems > 0 ? "ProblemDetected" : "OK",
    problems,
    results: results.length === 0 ? null : results,
  };
}

/** True when a result is about the resource itself or about something it owns. */
export function concerns(r: AnalysisResultItem, resource: ObjectRef): boolean {
  const kind = canonicalKind(resource.kind) ?? resource.kind;
  const parts = r.name.split("/");
  const [ns, name] = parts.length === 1 ? [undefined, parts[0]] : [parts[0], parts[1]];
  if (
    resource.namespace !== undefined &&
    ns !== undefined &&
    ns !== "" &&
    ns !== resource.namespace
  )
    return false;
  if (r.kind === kind && name === resource.name) return true;
  return r.parentObject === `${kind}/${resource.name}`;
}
