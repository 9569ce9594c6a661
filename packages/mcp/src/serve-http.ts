import type { IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createMcpServer } from "./create-mcp-server";
import type { McpServerOptions } from "./mcp-context";

/**
 * Answers one MCP request over streamable HTTP, stateless: a server and a
 * transport per request (no `Mcp-Session-Id`), so any replica answers any
 * request and nothing is kept between them. `body` is the request's JSON,
 * already parsed (and size-checked) by the caller. A response streams as
 * server-sent events, so `diagnose` can send its progress notifications
 * before the result; the client going away closes the server and cancels
 * the running tool.
 */
export async function handleMcpHttpRequest(
  options: McpServerOptions,
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
): Promise<void> {
  const server = createMcpServer(options);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on("close", () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}
