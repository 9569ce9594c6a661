import { KubectlArgs, planKubectl, runKubectl } from "@kubemedic/agent";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { McpContext } from "../mcp-context";
import { answer, failure, guarded } from "./tool-answer";
import { ContextInput, NamespaceInput } from "./tool-inputs";

const KubectlInput = z.object({
  command: KubectlArgs.shape.command,
  namespace: NamespaceInput.optional().describe(
    "The namespace for a command that names none (-n in the command wins); omit for the context's namespace.",
  ),
  context: ContextInput.optional(),
});

/** What a mutating command is told: the only way to change the cluster is a conversation's approval. */
export function mutationRefusal(command: string): string {
  return (
    `Refused: 'kubectl ${command}' changes the cluster, and kubemedic's MCP tools only read. ` +
    "Mutations go through a conversation's approval: ask for this change in a kubemedic " +
    "conversation (the web UI), where it runs only after a person approves it there. " +
    "The diagnose tool's recommendations carry the exact command to propose."
  );
}

/**
 * `kubectl`: one read-only command line through the agent's kubectl runner
 * (the in-process engine: parse → classify → execute → bound → redact, with
 * the agent's timeout, retries and output budget). A mutating command is
 * refused before it reaches the cluster, whatever the flags.
 */
export function registerKubectlTool(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    "kubectl",
    {
      title: "kubectl (read-only)",
      description:
        "Run one read-only kubectl command line against the cluster, in-process through the " +
        "Kubernetes API: get, describe, logs, top, events, rollout status/history, api-resources… " +
        "Commands that change the cluster (scale, rollout restart/undo, set image, patch, delete, " +
        "apply, cordon…) are refused: changes go through a kubemedic conversation's approval. " +
        "exec, attach, port-forward, proxy, cp, edit, debug, credential overrides and shell " +
        "syntax are refused. Output is bounded and Secret values are redacted.",
      inputSchema: KubectlInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args, extra) =>
      guarded(async () => {
        const plan = planKubectl({ command: args.command });
        if (plan.classification === "mutating") return failure(mutationRefusal(plan.command));
        if (plan.classification === "refused") return failure(`Refused: ${plan.why}.`);
        const backend = ctx.backendFor(args.context);
        const outcome = await runKubectl(plan, ctx.settings(backend, args.namespace, extra.signal));
        return outcome.artifact.status === "ok"
          ? answer(outcome.content)
          : failure(outcome.content);
      }),
  );
}
