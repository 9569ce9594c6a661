import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";

const web = new URL("../../", import.meta.url).pathname;

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
};

/**
 * Builds the component harness (`e2e/harness`) and serves it on a free loopback
 * port: the app's own components, no kubemedic server.
 */
export async function serveHarness(): Promise<{ url: string; dispose: () => Promise<void> }> {
  const out = mkdtempSync(join(tmpdir(), "kubemedic-harness-"));
  const result = spawnSync(
    process.execPath,
    [
      join(web, "node_modules", "vite", "bin", "vite.js"),
      "build",
      "--config",
      join(web, "e2e", "harness", "vite.config.ts"),
      "--outDir",
      out,
    ],
    // Vitest sets NODE_ENV=test, which would give a development build of React.
    { cwd: web, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } },
  );
  if (result.status !== 0) {
    rmSync(out, { recursive: true, force: true });
    throw new Error(`harness build failed:\n${result.stdout}${result.stderr}`);
  }
  const server = createServer((req, res) => {
    // No favicon: answer without the 404 a console check would count.
    if (req.url === "/favicon.ico") return void res.writeHead(204).end();
    const path = normalize(new URL(req.url ?? "/", "http://x").pathname).replace(
      /^(\.\.[/\\])+/,
      "",
    );
    const file = join(out, path.endsWith("/") ? `${path}index.html` : path);
    try {
      const body = readFileSync(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    dispose: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(out, { recursive: true, force: true });
    },
  };
}
