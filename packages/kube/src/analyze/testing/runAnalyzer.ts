import type { AnalysisResultItem } from "@kubemedic/protocol";
import type { Analyzer } from "../analyzers/Analyzer";
import { parseLabelSelector } from "../../model/labelSelector";
import { createMasker, failureFactory } from "../sensitive";
import type { LogSource } from "../../model/snapshot/LogSource";
import { snapshotFromObjects } from "../../model/snapshot/snapshotFromObjects";

/** Test helper: runs one analyzer over hand-made or scenario objects. */
export async function runAnalyzer(
  analyzer: Analyzer,
  objects: readonly unknown[],
  options: { namespace?: string; selector?: string; logs?: LogSource; now?: number } = {},
): Promise<AnalysisResultItem[]> {
  const snapshot = snapshotFromObjects(objects, {
    ...(options.logs !== undefined && { logs: options.logs }),
    ...(options.now !== undefined && { now: options.now }),
  });
  return analyzer.run({
    snapshot,
    namespace: options.namespace,
    selector: options.selector === undefined ? undefined : parseLabelSelector(options.selector),
    failure: failureFactory(createMasker()),
  });
}

/** Texts of every failure, for compact assertions. */
export function texts(results: readonly AnalysisResultItem[]): string[] {
  return results.flatMap((r) => r.error.map((e) => e.Text));
}
