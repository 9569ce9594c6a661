import type { AnalysisFailure, AnalysisResultItem } from "@kubemedic/protocol";
import { matchesRequirements, type Requirement } from "../../model/labelSelector";
import type { KubeObject } from "../../model/objects";
import type { FailureFactory } from "../sensitive";
import type { ClusterSnapshot } from "../../model/snapshot/ClusterSnapshot";
import type { ResourceKey } from "../../model/snapshot/resources";
import type { ObjectKey, ObjectOf } from "../../model/snapshot/SnapshotData";

/** What one analyzer run sees. */
export interface AnalyzerContext {
  snapshot: ClusterSnapshot;
  /** The analyzer namespace (`-n`); undefined = all namespaces. */
  namespace: string | undefined;
  /** The parsed `--selector`, applied to the objects an analyzer lists. */
  selector: readonly Requirement[] | undefined;
  failure: FailureFactory;
  signal?: AbortSignal | undefined;
}

/** One analyzer: a k8sgpt filter name, whether it runs by default, and what it reads. */
export interface Analyzer {
  name: string;
  core: boolean;
  /** Snapshot lists the analyzer reads; analysis loads only what the chosen analyzers need. */
  needs: readonly ResourceKey[];
  run(context: AnalyzerContext): AnalysisResultItem[] | Promise<AnalysisResultItem[]>;
}

/** The objects an analyzer lists: in its namespace (unless cluster-scoped), matching the selector. */
export function listTargets<K extends ObjectKey>(context: AnalyzerContext, key: K): ObjectOf<K>[] {
  const all = context.snapshot.list(key, context.namespace);
  const selector = context.selector;
  if (selector === undefined || selector.length === 0) return [...all];
  return all.filter((o) => matchesRequirements(selector, o.metadata?.labels));
}

/** `{ns}/{name}`, or `{name}` for cluster-scoped objects. */
export function objectName(object: KubeObject): string {
  const ns = object.metadata?.namespace;
  const name = object.metadata?.name ?? "";
  return ns === undefined || ns === "" ? name : `${ns}/${name}`;
}

export function result(
  kind: string,
  name: string,
  failures: AnalysisFailure[],
  parentObject = "",
): AnalysisResultItem {
  return { kind, name, error: failures, details: "", parentObject };
}
