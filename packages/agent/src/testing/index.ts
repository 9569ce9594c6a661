/**
 * @kubemedic/agent/testing — deterministic models for tests and benches:
 * the OpenAI-compatible stub server (what the ChatOpenAI path is tested
 * against) and a zero-latency scripted chat model.
 */
export { startOpenAIStub } from "./openai-stub";
export type {
  StubQuirks,
  OpenAIStub,
  StubReply,
  StubScript,
  RecordedRequest,
  ChatRequestBody,
} from "./openai-stub";
export { ScriptedChatModel } from "./scripted-model";
export type { ScriptStep } from "./scripted-model";
export type { Reply, ReplyContext } from "../models/deterministic-chat-model";
export { kubeBackend } from "../tools/kube-backend";
export type { ClusterBackend } from "../tools/cluster-backend";
export { planKubectl, runKubectl } from "../tools/kubectl-tool";
export { runK8sgpt } from "../tools/k8sgpt-tool";
export type { ToolSettings } from "../tools/tool-settings";
