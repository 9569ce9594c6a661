/**
 * Kinds of object whose analyzer findings belong to the whole cluster, not to a
 * namespace's hygiene: a NotReady Node or a failed PersistentVolume is worth a
 * look even when every pod of the namespace asked about runs.
 */
export const CLUSTER_SCOPED = new Set(["Node", "PersistentVolume"]);
