/**
 * @kubemedic/kube — cluster access for kubemedic: kubeconfig and contexts, the
 * in-process kubectl engine (parse → classify → execute → format → bound →
 * redact), secret redaction, k8sgpt-compatible analyzers and root-cause
 * correlation. Each export below is documented where it is defined; the
 * engine's reference is docs/kubectl-engine.md.
 */
export { KubeError, isKubeError, KUBE_ERROR_CODES } from "./errors";
export type { KubeErrorCode, KubeErrorOptions } from "./errors";
export { REDACTED, secretValueMarker, secretMarkerBytes, isRedacted } from "./redact/marker";
export { isCredentialName, isAssignedCredentialName } from "./redact/credentialName";
export { redactText } from "./redact/redactText";
export type { RedactTextOptions } from "./redact/redactText";
export { redactEnvValue } from "./redact/redactEnvValue";
export { redactObject, LAST_APPLIED_ANNOTATION } from "./redact/redactObject";
export type { RedactObjectOptions } from "./redact/redactObject";
export { classifyCommand, classifyParsed } from "./kubectl/parse/classifyCommand";
export type { CommandClassification } from "./kubectl/parse/classifyCommand";
export { parseCommand } from "./kubectl/parse/parseCommand";
export type { ParsedCommand, ParseResult, RefusalKind, DryRun } from "./kubectl/parse/parseCommand";
export { Flags } from "./kubectl/parse/flags";
export type { FlagValues } from "./kubectl/parse/flags";
export type { FlagValue } from "./kubectl/parse/parseFlags";
export { tokenize, quoteWord } from "./model/tokenize";
export { findShellSyntax } from "./kubectl/parse/shellSyntax";
// k8sgpt-compatible analysis and root-cause correlation (docs/analyzers.md). `source` is a
// KubeConfig (connections of the call's own) or a Cluster (its kept-alive connections, cheaper):
//   analyze(source, { namespace?, filters?, labelSelector?, resource?, anonymize?, explain?: false, signal?,
//                 useBinary?: "auto" | "never" | "always" }) → Promise<AnalysisOutput>   (k8sgpt's JSON, sorted)
//   correlate(source, { namespace?, resource?, signal? }) → Promise<RootCauseCandidate[]>    (best first; [] when healthy)
//   loadSnapshot(source, { namespace?, signal? }) → ClusterSnapshot; then analyzeSnapshot(snapshot, opts),
//   correlateSnapshot(snapshot, opts) and snapshot.close(); listAnalyzers() → { name, core }[]
// The object model both build on (src/model/): kind names and aliases as users write them.
//   canonicalKind("deploy") → "Deployment"; canonicalKind("checkout") → undefined
export { canonicalKind } from "./model/kinds";
export { analyze } from "./analyze/analyze";
export type { AnalyzeCallOptions } from "./analyze/analyze";
export type { AnalyzeOptions } from "./analyze/AnalyzeOptions";
export { analyzeSnapshot, selectAnalyzers } from "./analyze/analyzeSnapshot";
export { listAnalyzers } from "./analyze/analyzers/index";
export { anonymizeAnalysis } from "./analyze/anonymize";
export type { AnonymizedAnalysis } from "./analyze/anonymize";
export { formatAnalysisText } from "./analyze/formatAnalysisText";
export { findK8sgptBinary, runK8sgptBinary, k8sgptArgs } from "./analyze/k8sgptBinary";
export { loadSnapshot } from "./model/snapshot/loadSnapshot";
export type { LoadSnapshotOptions } from "./model/snapshot/loadSnapshot";
export { ClusterSnapshot } from "./model/snapshot/ClusterSnapshot";
export type { SnapshotInit } from "./model/snapshot/ClusterSnapshot";
export { snapshotFromObjects } from "./model/snapshot/snapshotFromObjects";
export type { FromObjectsOptions } from "./model/snapshot/snapshotFromObjects";
export { directoryLogSource } from "./model/snapshot/directoryLogSource";
export type { LogSource, LogRequest } from "./model/snapshot/LogSource";
export { correlate } from "./correlate/correlate";
export { correlateSnapshot } from "./correlate/correlateSnapshot";
export type { CorrelateOptions } from "./correlate/CorrelationContext";
export { formatCandidatesText } from "./correlate/formatCandidatesText";
export {
  localizeCandidate,
  localizeText,
  type ProseLanguage,
} from "./correlate/localize/localizeCandidate";
// Connection and the kubectl engine (docs/kubectl-engine.md):
//   loadKubeConfig({ kubeconfigPath?, context?, env?, home?, serviceAccountDir? }) → KubeConfig   (file, KUBECONFIG, ~/.kube/config, in-cluster; KubeError no_config)
//   listContexts(kc) → ClusterContext[]
//   new Cluster(kc, { context?, namespace?, requestTimeoutMs? }) → .kubeConfig .context .namespace .server
//     .listNamespaces(signal?) .version(signal?) .discovery.resolve(type) / .resources() .close()
//   classifyCommand(line) → { classification: "read"|"mutating"|"refused", reason?, verb, command, refusal?, dryRun? }  (pure)
//   parseCommand(line) → { ok: true, command: ParsedCommand } | { ok: false, … }  (pure; ParsedCommand is plain data)
//   classifyParsed(parseResult) → the same as classifyCommand, without parsing again
//   new KubectlEngine(cluster, { maxLines? 200, maxBytes? 16_384, logTailDefault? 200 })
//     .run(line | ParsedCommand, { namespace?, manifest?, signal?, allowMutations? false, maxBytes? }) → Promise<KubectlResult>  (never throws)
//     .preview(line | ParsedCommand, { namespace?, manifest? }) → Promise<MutationPreview>  (reads only; KubeError on a bad line)
//   redactObject(obj, { kind? }), redactText(text), redactEnvValue(name, value), redactCommand(line), redactManifest(yaml),
//   commandSecrets(line) / manifestSecrets(yaml): the values those mask, maskSecrets(text, values): mask them anywhere
export {
  loadKubeConfig,
  selectContext,
  SERVICE_ACCOUNT_DIR,
  SERVICE_ACCOUNT_TOKEN,
} from "./connection/loadKubeConfig";
export type { LoadKubeConfigOptions } from "./connection/loadKubeConfig";
export { listContexts, DEMO_CONTEXT } from "./connection/listContexts";
export { Cluster } from "./connection/cluster";
export type { ClusterOptions, ServerVersion } from "./connection/cluster";
export { Discovery } from "./connection/discovery";
export type { DiscoveryOptions } from "./connection/discovery";
export type { ResourceInfo } from "./connection/resourceInfo";
export { resourcePath, qualifiedName, typePrefix } from "./connection/resourceInfo";
export { Transport } from "./connection/transport";
export type { ApiRequest, ApiResponse, TransportOptions } from "./connection/transport";
export { KubectlEngine } from "./kubectl/engine";
export type { KubectlEngineOptions, RunOptions } from "./kubectl/engine";
export type { KubectlResult, MutationPreview } from "./kubectl/result";
export { bound, DEFAULT_MAX_LINES, DEFAULT_MAX_BYTES } from "./output/bound";
export type { BoundOptions, Bounded } from "./output/bound";
export { unifiedDiff } from "./output/unifiedDiff";
export { humanDuration, age } from "./model/humanDuration";
export { JsonPath } from "./output/jsonpath";
export { redactCommand } from "./redact/redactCommand";
export { commandSecrets, manifestSecrets, maskSecrets } from "./redact/commandSecrets";
export { redactManifest } from "./redact/redactManifest";
