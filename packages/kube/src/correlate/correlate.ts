import type { KubeConfig } from "@kubernetes/client-node";
import type { RootCauseCandidate } from "@kubemedic/protocol";
import { loadSnapshot } from "../model/snapshot/loadSnapshot";
import type { CorrelateOptions } from "./CorrelationContext";
import { correlateSnapshot } from "./correlateSnapshot";

/** Loads a snapshot of the KubeConfig's current context (one namespace or all) and correlates it. */
export async function correlate(
  kc: KubeConfig,
  options: CorrelateOptions = {},
): Promise<RootCauseCandidate[]> {
  const namespace = options.namespace ?? options.resource?.namespace;
  const snapshot = await loadSnapshot(kc, { namespace, signal: options.signal });
  try {
    return await correlateSnapshot(snapshot, { ...options, namespace });
  } finally {
    snapshot.close();
  }
}
