import type { AnalysisOutput } from "@kubemedic/protocol";
import { KubeError } from "../errors";
import { analyzeSnapshot, concerns, selectAnalyzers, toOutput } from "./analyzeSnapshot";
import { anonymizeAnalysis } from "./anonymize";
import type { AnalyzeOptions } from "./AnalyzeOptions";
import { findK8sgptBinary, runK8sgptBinary } from "./k8sgptBinary";
import { redactAnalysis } from "./redactAnalysis";
import { kubeConfigOf, loadSnapshot, type SnapshotSource } from "../model/snapshot/loadSnapshot";
import type { ResourceKey } from "../model/snapshot/resources";
import { sortResults } from "./sortResults";

export interface AnalyzeCallOptions extends AnalyzeOptions {
  /**
   * `auto`: the k8sgpt binary when one is on PATH (or `K8SGPT_PATH`), the
   * built-in analyzers otherwise; `never`: always built-in; `always`: the
   * binary or a KubeError `unsupported`. @default "auto"
   */
  useBinary?: "auto" | "never" | "always" | undefined;
}

/**
 * k8sgpt-compatible analysis of a cluster (a KubeConfig's current context, or a Cluster's). Lists only
 * what the selected analyzers read, then runs them (see `analyzeSnapshot`).
 */
export async function analyze(
  source: SnapshotSource,
  options: AnalyzeCallOptions = {},
): Promise<AnalysisOutput> {
  const mode = options.useBinary ?? "auto";
  if (mode !== "never") {
    const binary = findK8sgptBinary();
    if (binary !== undefined)
      return postProcess(await runK8sgptBinary(binary, kubeConfigOf(source), options), options);
    if (mode === "always")
      throw new KubeError("unsupported", "No k8sgpt binary was found on PATH or at K8SGPT_PATH.");
  }
  const namespace = options.namespace ?? options.resource?.namespace;
  const { analyzers } = selectAnalyzers(options);
  const needs = new Set<ResourceKey>(analyzers.flatMap((a) => a.needs));
  const snapshot = await loadSnapshot(source, {
    namespace,
    resources: [...needs],
    signal: options.signal,
  });
  try {
    return await analyzeSnapshot(snapshot, { ...options, namespace });
  } finally {
    snapshot.close();
  }
}

/** What we add to k8sgpt's own output: sorted results, resource focus, secret redaction, anonymization. */
function postProcess(output: AnalysisOutput, options: AnalyzeOptions): AnalysisOutput {
  const results = output.results ?? [];
  const focused =
    options.resource === undefined
      ? results
      : results.filter((r) => concerns(r, options.resource!));
  const sorted = toOutput(sortResults(focused), output.errors ?? []);
  const withProvider = redactAnalysis({ ...sorted, provider: output.provider });
  return options.anonymize === true ? anonymizeAnalysis(withProvider).output : withProvider;
}
