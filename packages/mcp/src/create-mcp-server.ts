import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { McpContext, type McpServerOptions } from "./mcp-context";
import { registerReportResources } from "./report-resources";
import { registerAnalyzeTool } from "./tools/analyze-tool";
import { registerCorrelateTool } from "./tools/correlate-tool";
import { registerDiagnoseTool } from "./tools/diagnose-tool";
import { registerKubectlTool } from "./tools/kubectl-tool";

const INSTRUCTIONS =
  "kubemedic troubleshoots Kubernetes. Start with `diagnose` for a question in plain words " +
  "(it investigates and returns a structured report), or look yourself with `analyze` " +
  "(k8sgpt-style findings), `correlate` (ranked root causes) and `kubectl` (read-only commands). " +
  "Nothing here changes the cluster: a fix is applied only in a kubemedic conversation, after a " +
  "person approves it. Secret values are always redacted.";

/**
 * One MCP server over kubemedic's building blocks: the tools `kubectl`
 * (read-only), `analyze`, `correlate`, `diagnose`, and, when a report store is
 * given (the server's `/mcp`, per user), the user's stored reports as
 * resources. The same construction serves `kubemedic mcp` (stdio) and the
 * server's streamable HTTP route.
 */
export function createMcpServer(options: McpServerOptions): McpServer {
  const server = new McpServer(
    { name: "kubemedic", title: "kubemedic", version: options.version ?? "0.1.0" },
    {
      capabilities: {
        tools: {},
        ...(options.reports === undefined ? {} : { resources: {} }),
      },
      instructions: INSTRUCTIONS,
    },
  );
  const ctx = new McpContext(options);
  registerKubectlTool(server, ctx);
  registerAnalyzeTool(server, ctx);
  registerCorrelateTool(server, ctx);
  registerDiagnoseTool(server, ctx);
  if (options.reports !== undefined) registerReportResources(server, options.reports);
  return server;
}
