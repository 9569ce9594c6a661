import { K8sgptArgs } from "@kubemedic/agent";
import { formatCandidatesText } from "@kubemedic/kube";
import { RootCauseCandidate } from "@kubemedic/protocol";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { McpContext } from "../mcp-context";
import { answer, failure, guarded } from "./tool-answer";
import { ContextInput, NamespaceInput } from "./tool-inputs";

const CorrelateInput = z.object({
  namespace: NamespaceInput.optional().describe(
    "The namespace to correlate; omit for all namespaces.",
  ),
  resource: K8sgptArgs.shape.resource,
  context: ContextInput.optional(),
});

const CorrelateOutput = z.object({
  rootCauses: z.array(RootCauseCandidate).describe("Most likely first; empty when healthy."),
});

/**
 * `correlate`: kubemedic's root-cause correlation over one snapshot of the
 * scope — ranked candidates, each with its objects, evidence and fixes (the
 * fixes' commands are suggestions: running one goes through a conversation's
 * approval).
 */
export function registerCorrelateTool(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    "correlate",
    {
      title: "Correlate root causes",
      description:
        "Rank the likely root causes of the problems in a namespace, the whole cluster or around " +
        "one object: each with its category, severity, the objects it affects, evidence excerpts " +
        "and fixes with their exact kubectl command and risk. Read-only; fixes are only suggested.",
      inputSchema: CorrelateInput,
      outputSchema: CorrelateOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args, extra) =>
      guarded(async () => {
        const backend = ctx.backendFor(args.context);
        const timeoutMs = ctx.options.graphConfig.limits.toolTimeoutMs;
        const signal = AbortSignal.any([extra.signal, AbortSignal.timeout(timeoutMs)]);
        try {
          const rootCauses = await backend.correlate({
            ...(args.namespace === undefined ? {} : { namespace: args.namespace }),
            ...(args.resource === undefined ? {} : { resource: args.resource }),
            signal,
          });
          return answer(formatCandidatesText(rootCauses), { rootCauses });
        } catch (error) {
          const e = error as { code?: unknown; message?: unknown };
          const code = typeof e.code === "string" ? e.code : "error";
          return failure(
            signal.aborted && !extra.signal.aborted
              ? `Error (timeout): the correlation did not finish within ${timeoutMs} ms.`
              : `Error (${code}): ${typeof e.message === "string" ? e.message : String(error)}`,
          );
        }
      }),
  );
}
