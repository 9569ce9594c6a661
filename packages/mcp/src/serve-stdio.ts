import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createMcpServer } from "./create-mcp-server";
import type { McpServerOptions } from "./mcp-context";

/**
 * Serves kubemedic over stdio (newline-delimited JSON-RPC on stdin/stdout)
 * until the client closes stdin or `signal` fires. Nothing else may write to
 * stdout meanwhile: diagnostics go to stderr.
 */
export async function serveStdio(
  options: McpServerOptions,
  io: { stdin?: NodeJS.ReadableStream; stdout?: NodeJS.WritableStream; signal?: AbortSignal } = {},
): Promise<void> {
  const stdin = io.stdin ?? process.stdin;
  const server = createMcpServer(options);
  const transport = new StdioServerTransport(
    stdin as typeof process.stdin,
    (io.stdout ?? process.stdout) as typeof process.stdout,
  );
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  await server.connect(transport);
  // The SDK's transport does not watch for the end of its input: a client that
  // closes our stdin is done with us.
  const stop = (): void => void server.close();
  stdin.once("end", stop);
  io.signal?.addEventListener("abort", stop, { once: true });
  try {
    await closed;
  } finally {
    stdin.off("end", stop);
    io.signal?.removeEventListener("abort", stop);
  }
}
