import { K8sgptArgs, runK8sgpt, type K8sgptStructured } from "@kubemedic/agent";
import { AnalysisOutput } from "@kubemedic/protocol";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { McpContext } from "../mcp-context";
import { answer, failure, guarded } from "./tool-answer";
import { ContextInput, NamespaceInput } from "./tool-inputs";

const AnalyzeInput = z.object({
  namespace: NamespaceInput.optional().describe(
    "The namespace to analyze; omit for all namespaces.",
  ),
  filters: K8sgptArgs.shape.filters,
  resource: K8sgptArgs.shape.resource,
  context: ContextInput.optional(),
});

/**
 * `analyze`: the k8sgpt-compatible analyzers through the agent's k8sgpt
 * runner (the k8sgpt binary when on PATH, the built-in analyzers otherwise);
 * the findings in k8sgpt's JSON shape as structured content.
 */
export function registerAnalyzeTool(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    "analyze",
    {
      title: "Analyze (k8sgpt-compatible)",
      description:
        "Run k8sgpt-compatible analyzers (Pods, Deployments, Services, Ingresses, PVCs, Nodes, " +
        "Jobs, HPAs, NetworkPolicies, events…) over a namespace, the whole cluster or one object, " +
        "and return the problems found in k8sgpt's JSON shape. Read-only; no Secret value is included.",
      inputSchema: AnalyzeInput,
      outputSchema: AnalysisOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args, extra) =>
      guarded(async () => {
        const backend = ctx.backendFor(args.context);
        const outcome = await runK8sgpt(
          {
            ...(args.namespace === undefined ? {} : { namespace: args.namespace }),
            ...(args.filters === undefined ? {} : { filters: args.filters }),
            ...(args.resource === undefined ? {} : { resource: args.resource }),
          },
          ctx.settings(backend, undefined, extra.signal),
        );
        const structured = outcome.artifact.structured as K8sgptStructured | undefined;
        if (outcome.artifact.status !== "ok" || structured === undefined)
          return failure(outcome.content);
        return answer(outcome.content, structured.analysis);
      }),
  );
}
