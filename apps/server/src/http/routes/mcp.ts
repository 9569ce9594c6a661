import { handleMcpHttpRequest, type McpServerOptions } from "@kubemedic/mcp";
import type { RequestHandler } from "express";
import { ServerError } from "../../errors";
import { userOf } from "../require-user";

/**
 * `/mcp`: kubemedic as an MCP server over streamable HTTP (docs/mcp.md),
 * behind the same authentication, limits, Origin and body checks as `/api`
 * (applied before this handler). Stateless: `POST /mcp` carries every
 * JSON-RPC message; `GET` (a standalone event stream) and `DELETE` (ending a
 * session) have nothing to serve and answer 405, as the MCP spec allows. The
 * options are built per request for the authenticated user: the report
 * resources are theirs only.
 */
export function mcpRoute(optionsFor: (user: string) => McpServerOptions): RequestHandler {
  return async (req, res, next) => {
    if (req.path !== "/") {
      next(new ServerError("not_found", `no route ${req.method} /mcp${req.path}`));
      return;
    }
    if (req.method !== "POST") {
      res.setHeader("Allow", "POST");
      res.status(405).json({
        jsonrpc: "2.0",
        error: {
          code: -32000,
          message: "Method not allowed: this MCP server is stateless; POST /mcp",
        },
        id: null,
      });
      return;
    }
    await handleMcpHttpRequest(optionsFor(userOf(res)), req, res, req.body as unknown);
  };
}
