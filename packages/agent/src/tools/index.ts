import type { StructuredToolInterface } from "@langchain/core/tools";
import type { ToolName } from "@kubemedic/protocol";
import { k8sgptTool } from "./k8sgpt-tool";
import { kubectlTool } from "./kubectl-tool";

/** Every tool the agent knows, by name. */
const TOOLS: Record<ToolName, StructuredToolInterface> = {
  kubectl: kubectlTool,
  k8sgpt: k8sgptTool,
};

export function toolsNamed(names: readonly ToolName[]): StructuredToolInterface[] {
  return names.map((n) => TOOLS[n]);
}
