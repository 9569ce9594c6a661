import type { RootCauseCandidate } from "@kubemedic/protocol";
import { loadSnapshot, type SnapshotSource } from "../model/snapshot/loadSnapshot";
import type { CorrelateOptions } from "./CorrelationContext";
import { correlateSnapshot } from "./correlateSnapshot";

/** Loads a snapshot of the cluster (one namespace or all) and correlates it. */
export async function correlate(
  source: SnapshotSource,
  options: CorrelateOptions = {},
): Promise<RootCauseCandidate[]> {
  const namespace = options.namespace ?? options.resource?.namespace;
  const snapshot = await loadSnapshot(source, { namespace, signal: options.signal });
  try {
    return await correlateSnapshot(snapshot, { ...options, namespace });
  } finally {
    snapshot.close();
  }
}
