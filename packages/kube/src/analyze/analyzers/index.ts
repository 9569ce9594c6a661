import type { Analyzer } from "./Analyzer";
import { configMapAnalyzer } from "./configMap";
import { cronJobAnalyzer } from "./cronJob";
import { daemonSetAnalyzer } from "./daemonSet";
import { deploymentAnalyzer } from "./deployment";
import { horizontalPodAutoscalerAnalyzer } from "./horizontalPodAutoscaler";
import { ingressAnalyzer } from "./ingress";
import { jobAnalyzer } from "./job";
import { logAnalyzer } from "./log";
import { networkPolicyAnalyzer } from "./networkPolicy";
import { nodeAnalyzer } from "./node";
import { persistentVolumeClaimAnalyzer } from "./persistentVolumeClaim";
import { podAnalyzer } from "./pod";
import { podDisruptionBudgetAnalyzer } from "./podDisruptionBudget";
import { replicaSetAnalyzer } from "./replicaSet";
import { serviceAnalyzer } from "./service";
import { statefulSetAnalyzer } from "./statefulSet";
import { mutatingWebhookAnalyzer, validatingWebhookAnalyzer } from "./webhook";

/**
 * Every analyzer, in k8sgpt's registry order: the 14 core ones (run when no
 * filter is given), then the optional ones we implement. k8sgpt's other
 * optional analyzers (Gateway API, Storage, Security, OLM) are not built in;
 * naming them as a filter is reported as an unknown filter.
 */
export const ANALYZERS: readonly Analyzer[] = [
  podAnalyzer,
  daemonSetAnalyzer,
  deploymentAnalyzer,
  replicaSetAnalyzer,
  persistentVolumeClaimAnalyzer,
  serviceAnalyzer,
  ingressAnalyzer,
  statefulSetAnalyzer,
  jobAnalyzer,
  cronJobAnalyzer,
  nodeAnalyzer,
  validatingWebhookAnalyzer,
  mutatingWebhookAnalyzer,
  configMapAnalyzer,
  horizontalPodAutoscalerAnalyzer,
  podDisruptionBudgetAnalyzer,
  networkPolicyAnalyzer,
  logAnalyzer,
];

const byName = new Map(ANALYZERS.map((a) => [a.name, a] as const));

/** The analyzer behind a filter name (case-sensitive, as in k8sgpt). */
export function analyzerByName(name: string): Analyzer | undefined {
  return byName.get(name);
}

/** Filter names with whether each runs by default. */
export function listAnalyzers(): { name: string; core: boolean }[] {
  return ANALYZERS.map((a) => ({ name: a.name, core: a.core }));
}
