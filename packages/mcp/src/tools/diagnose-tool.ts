import { randomUUID } from "node:crypto";
import { createHeadlessAgent } from "@kubemedic/agent";
import { DiagnosisReport } from "@kubemedic/protocol";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type {
  CallToolResult,
  ServerNotification,
  ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { McpContext } from "../mcp-context";
import { answer, failure, guarded } from "./tool-answer";
import { ContextInput, NamespaceInput } from "./tool-inputs";

const DiagnoseInput = z.object({
  question: z
    .string()
    .trim()
    .min(1)
    .max(4_000)
    .describe("The problem in plain words, e.g. 'why is checkout failing in shop?'."),
  namespace: NamespaceInput.optional().describe(
    "The namespace in focus; omit to let the question (or the context's namespace) decide.",
  ),
  context: ContextInput.optional(),
});

/**
 * `diagnose`: one question through the real agent graph, headless
 * (`createHeadlessAgent`: suggest-only, a report after any investigation,
 * checkpoints in memory and dropped with the call) — the LLM when one is
 * configured, the offline diagnostician otherwise. The DiagnosisReport is the
 * structured content. Each finished tool call is a progress notification when
 * the client asked for progress.
 */
export function registerDiagnoseTool(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    "diagnose",
    {
      title: "Diagnose",
      description:
        "Investigate a Kubernetes problem with kubemedic's troubleshooting agent (read-only tools) " +
        "and return a structured diagnosis report: category, severity, root cause, evidence with " +
        "its source command, affected resources, and recommendations with the exact command and " +
        "its risk. Nothing is changed: fixes are recommendations; applying one goes through a " +
        "kubemedic conversation's approval. Takes seconds to a minute.",
      inputSchema: DiagnoseInput,
      outputSchema: DiagnosisReport,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args, extra) =>
      guarded(async (): Promise<CallToolResult> => {
        // Checked up front: an unknown context is the caller's error, not a failed turn.
        ctx.backendFor(args.context);
        const { clusters, model, graphConfig, logger, user, admitTurn } = ctx.options;
        const release = admitTurn === undefined ? () => undefined : await admitTurn(extra.signal);
        if (release === undefined) return failure("The diagnosis was cancelled.");
        try {
          return await diagnose(args, extra, { clusters, model, graphConfig, logger, user });
        } finally {
          release();
        }
      }),
  );
}

type DiagnoseArgs = z.infer<typeof DiagnoseInput>;
type DiagnoseExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** One headless agent run, its events folded into the tool's answer. */
async function diagnose(
  args: DiagnoseArgs,
  extra: DiagnoseExtra,
  options: Pick<McpContext["options"], "clusters" | "model" | "graphConfig" | "logger" | "user">,
): Promise<CallToolResult> {
  const { clusters, model, graphConfig, logger, user } = options;
  const agent = createHeadlessAgent({
    model,
    clusterFor: (context) => clusters.clusterFor(context),
    config: graphConfig,
    ...(logger === undefined ? {} : { logger }),
  });
  const progressToken = extra._meta?.progressToken;
  let report: DiagnosisReport | undefined;
  let degraded = false;
  let partial = false;
  let answerText = "";
  let calls = 0;
  for await (const event of agent.runTurn({
    conversationId: `mcp-${randomUUID()}`,
    turnId: `turn-${randomUUID()}`,
    user: user ?? "mcp",
    ...(args.context === undefined ? {} : { clusterContext: args.context }),
    ...(args.namespace === undefined ? {} : { namespace: args.namespace }),
    input: { text: args.question },
    signal: extra.signal,
  })) {
    // Only these events matter here; the rest (deltas, plans, tool starts) pass by.
    if (event.type === "tool.finished") {
      calls++;
      if (progressToken !== undefined) {
        await extra.sendNotification({
          method: "notifications/progress",
          params: {
            progressToken,
            progress: calls,
            message: `${event.tool} ${event.command} (${event.status})`,
          },
        });
      }
    } else if (event.type === "assistant.message") answerText = event.content;
    else if (event.type === "report.ready") {
      report = event.report;
      degraded = event.degraded === true;
    } else if (event.type === "turn.failed")
      return failure(`The diagnosis failed (${event.code}): ${event.message}`);
    else if (event.type === "turn.cancelled") return failure("The diagnosis was cancelled.");
    else if (event.type === "turn.completed") partial = event.partial === true;
  }
  if (report === undefined) {
    return failure(
      `No report: the question needed no investigation.${answerText ? `\n\n${answerText}` : ""}`,
    );
  }
  return answer(reportText(report, { degraded, partial, calls }), report);
}

/** The short text beside the structured report (for clients that show only text). */
function reportText(
  r: DiagnosisReport,
  meta: { degraded: boolean; partial: boolean; calls: number },
): string {
  const lines = [
    `Diagnosis: ${r.category} (${r.severity}, confidence ${Math.round(r.confidence * 100)}%) after ${meta.calls} tool call(s)`,
    r.summary,
    `Root cause: ${r.rootCause}`,
  ];
  const first = r.affectedResources[0];
  if (first !== undefined)
    lines.push(
      `Resource: ${first.kind} ${first.namespace ? `${first.namespace}/` : ""}${first.name}`,
    );
  for (const [i, c] of r.recommendations.slice(0, 3).entries()) {
    lines.push(
      `${i + 1}. ${c.title} [${c.risk}${c.requiresApproval ? ", needs approval in a conversation" : ""}]${c.command ? ` — kubectl ${c.command}` : ""}`,
    );
  }
  if (meta.degraded)
    lines.push("(The model's report could not be validated; this one is degraded.)");
  if (meta.partial) lines.push("(The investigation hit a limit; the answer is partial.)");
  return lines.join("\n");
}
