/**
 * @kubemedic/demo-cluster — a Kubernetes API server simulator loaded from
 * scenario folders. Real kubectl and @kubernetes/client-node talk to it over
 * HTTPS. Depends on nothing of ours. Scenario format: docs/scenarios.md;
 * behaviour of the server and the reconciler's rules: docs/demo-cluster.md.
 *
 *   startDemoCluster({ scenarios?, host?, port?, token?, latencyMs? }): Promise<DemoCluster>
 *       scenarios: built-in names, directories, or generateScenario() results
 *       (default: every built-in); host 127.0.0.1; port 0 (free); token random;
 *       latencyMs 0 (a delay before every answer, 0–10000).
 *   DemoCluster { url, token, caPem, scenarios, kubeconfig(), writeKubeconfig(path),
 *                 reset(), close() }   kubeconfig context/cluster/user "kubemedic-demo"
 *   loadScenario(dir, { now?, cache? }): Promise<Scenario>   checked; file:line:object on errors
 *   builtinScenarioNames(): string[]; builtinScenarioDir(name): string
 *   BUILTIN_CONVERSATIONS_DIR   the quality suite's conversation scripts (data only)
 *   scoreDiagnosis(report, expect): { passed, category, resource, mentions[] }   the brief's rule
 *   scoreCauses(report, expect.causes): { passed, expected[], invented[] }       the multi-cause rule
 *   generateScenario({ pods, namespaces?, faultyShare?, seed? }): Scenario   for benchmarks
 *   mergeScenarios(scenarios): MergedCluster   what startDemoCluster serves, for offline use
 *
 * Errors of this package are DemoClusterError with a closed set of codes;
 * API-level failures are Kubernetes Status answers, not exceptions.
 */
export { loadScenario, allObjects, type LoadOptions } from "./scenario/load-scenario";
export {
  builtinScenarioDir,
  builtinScenarioNames,
  BUILTIN_SCENARIOS_DIR,
  BUILTIN_CONVERSATIONS_DIR,
} from "./scenario/builtin";
export { mergeScenarios, DEFAULT_NAMESPACES, type MergedCluster } from "./scenario/merge-scenarios";
export {
  SCENARIO_CATEGORIES,
  SCENARIO_TRAITS,
  type Scenario,
  type ScenarioTrait,
  type ScenarioExpect,
  type ExpectedCause,
  type ScenarioLog,
  type SourcedObject,
  type ReconcileRules,
  type ContainerRule,
  type FixedWhen,
} from "./scenario/scenario";
export { scoreDiagnosis, type ScorableReport, type ScoreResult } from "./score/score-diagnosis";
export { scoreCauses, type ScorableMultiReport, type CausesScore } from "./score/score-causes";
export { DemoClusterError, type DemoClusterErrorCode } from "./errors";
export type { KubeObject } from "./util/json";
export {
  startDemoCluster,
  type DemoCluster,
  type DemoClusterOptions,
} from "./server/start-demo-cluster";
export { CONTEXT_NAME } from "./server/kubeconfig";
export { generateScenario, type GenerateOptions } from "./scenario/generate-scenario";
