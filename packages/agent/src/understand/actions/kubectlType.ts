/** kubectl's type word for a canonical kind (`Deployment` → `deployment`). */
export function kubectlType(kind: string): string {
  return kind === "HorizontalPodAutoscaler" ? "hpa" : kind.toLowerCase();
}

/** The canonical kind of a table's type word (`deployment.apps`, `deployments`, `cronjob.batch`). */
export function kindOfType(type: string): string | undefined {
  const word = type.split(".")[0]?.toLowerCase() ?? "";
  return KINDS[word] ?? KINDS[word.replace(/s$/, "")];
}

const KINDS: Record<string, string> = {
  deployment: "Deployment",
  statefulset: "StatefulSet",
  daemonset: "DaemonSet",
  cronjob: "CronJob",
  job: "Job",
  pod: "Pod",
  node: "Node",
  replicaset: "ReplicaSet",
};
