/**
 * @kubemedic/mcp — kubemedic as a Model Context Protocol server
 * (`@modelcontextprotocol/sdk`): the tools `kubectl` (read-only), `analyze`,
 * `correlate` and `diagnose`, and a user's stored reports as resources.
 * `kubemedic mcp` serves it over stdio; the server serves it over streamable
 * HTTP at `/mcp`. docs/mcp.md is the guide.
 *
 * ```ts
 * const server = createMcpServer({ clusters, model, graphConfig, reports? });
 * await server.connect(new StdioServerTransport());
 * ```
 *
 * It builds on the agent's tool runners (`runKubectl`, `runK8sgpt`), the
 * kube package's correlation and the headless agent: the same parsing,
 * classification, limits and Secret redaction as a conversation. It never
 * changes the cluster: mutating kubectl commands are refused, and `diagnose`
 * runs suggest-only.
 */
export { createMcpServer } from "./create-mcp-server";
export { serveStdio } from "./serve-stdio";
export { handleMcpHttpRequest } from "./serve-http";
export {
  McpToolError,
  type McpClusters,
  type McpServerOptions,
  type ReportListing,
  type ReportStore,
  type StoredReport,
} from "./mcp-context";
export { REPORT_URI_TEMPLATE, reportUri, LISTED_REPORTS } from "./report-resources";
export { mutationRefusal } from "./tools/kubectl-tool";
