import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { webRoutes } from "./web";

const scratch = mkdtempSync(join(tmpdir(), "kubemedic-web-"));
const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  rmSync(scratch, { recursive: true, force: true });
});

async function serve(webDir: string): Promise<string> {
  const app = express();
  app.use(webRoutes(webDir, "pglite"));
  app.use((_req, res) => {
    res.status(404).send("fell through");
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("web routes", () => {
  it("serve the built SPA, with index.html for client routes but not for server paths", async () => {
    const dist = join(scratch, "dist");
    mkdirSync(join(dist, "assets"), { recursive: true });
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>kubemedic spa</title>");
    writeFileSync(join(dist, "assets", "app.js"), "console.log(1)");
    const url = await serve(dist);

    expect(await (await fetch(url)).text()).toContain("kubemedic spa");
    expect(await (await fetch(`${url}/assets/app.js`)).text()).toBe("console.log(1)");
    const route = await fetch(`${url}/c/123`, { headers: { accept: "text/html" } });
    expect(await route.text()).toContain("kubemedic spa");
    for (const path of ["/api/conversations", "/healthz", "/metrics", "/ws"]) {
      const res = await fetch(`${url}${path}`, { headers: { accept: "text/html" } });
      expect([path, await res.text()]).toEqual([path, "fell through"]);
    }
    const json = await fetch(`${url}/c/123`, { headers: { accept: "application/json" } });
    expect(json.status).toBe(404);
  });

  it("let browsers keep fingerprinted assets forever but revalidate index.html", async () => {
    const dist = join(scratch, "dist-cache");
    mkdirSync(join(dist, "assets"), { recursive: true });
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>kubemedic spa</title>");
    writeFileSync(join(dist, "assets", "index-X9StmxKA.js"), "console.log(2)");
    writeFileSync(join(dist, "favicon.svg"), "<svg/>");
    const url = await serve(dist);
    const cache = async (path: string) =>
      (await fetch(`${url}${path}`, { headers: { accept: "text/html" } })).headers.get(
        "cache-control",
      );
    expect(await cache("/")).toBe("no-cache");
    expect(await cache("/index.html")).toBe("no-cache");
    expect(await cache("/c/42")).toBe("no-cache");
    expect(await cache("/favicon.svg")).toBe("no-cache");
    expect(await cache("/assets/index-X9StmxKA.js")).toBe("public, max-age=31536000, immutable");
  });

  it("serve an honest placeholder at / when there is no build", async () => {
    const url = await serve(join(scratch, "missing"));
    const home = await fetch(url);
    expect(home.headers.get("content-type")).toMatch(/text\/html/);
    const page = await home.text();
    expect(page).toContain("The web app has not been built");
    expect(page).toContain("/healthz");
    expect((await fetch(`${url}/c/123`)).status).toBe(404);
  });
});
