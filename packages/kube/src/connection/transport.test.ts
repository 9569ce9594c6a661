import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { KubeConfig } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KubeError } from "../errors";
import { Cluster } from "./cluster";
import { Transport } from "./transport";

/**
 * A loopback HTTP server that answers like an API server in trouble: the
 * failure paths of the transport (401, 403, 404, 500, slow answers, refused
 * connections) need a server that fails on purpose.
 */
let server: Server;
let url: string;
/** TCP connections the server accepted: kept-alive requests share one. */
let connections = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const status = (code: number, message: string, reason: string): void => {
      res.writeHead(code, { "content-type": "application/json" });
      res.end(JSON.stringify({ kind: "Status", status: "Failure", message, reason, code }));
    };
    if (req.headers.authorization !== "Bearer good")
      return status(401, "Unauthorized", "Unauthorized");
    switch (req.url ?? "") {
      case "/version":
        res.end(JSON.stringify({ major: "1", minor: "32", gitVersion: "v1.32.0" }));
        return;
      case "/api/v1/namespaces":
        res.end(
          JSON.stringify({
            items: [{ metadata: { name: "shop" } }, { metadata: { name: "default" } }],
          }),
        );
        return;
      case "/api/v1/namespaces/secret/pods":
        return status(
          403,
          'pods is forbidden: User "bob" cannot list resource "pods" in API group "" in the namespace "secret"',
          "Forbidden",
        );
      case "/boom":
        return status(500, "etcd is sad", "InternalError");
      case "/gzip": {
        // Only a client that asked for gzip gets it, as from the API server.
        const body = JSON.stringify({ items: Array.from({ length: 500 }, (_, i) => ({ i })) });
        if (!/\bgzip\b/.test(String(req.headers["accept-encoding"])))
          return status(406, "gzip", "x");
        res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
        res.end(gzipSync(body));
        return;
      }
      case "/echo": {
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        req.on("end", () => {
          res.end(
            JSON.stringify({
              method: req.method,
              length: req.headers["content-length"],
              type: req.headers["content-type"],
              body: Buffer.concat(chunks).toString("utf8"),
            }),
          );
        });
        return;
      }
      case "/bomb":
        // 64 MiB of zeros in about 64 KiB: what a hostile server could send.
        res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
        res.end(gzipSync(Buffer.alloc(64 * 2 ** 20)));
        return;
      case "/big":
        res.end(JSON.stringify({ data: "x".repeat(3 * 2 ** 20) }));
        return;
      case "/corrupt":
        res.writeHead(200, { "content-encoding": "gzip" });
        res.end("not gzip at all");
        return;
      case "/hold":
        setTimeout(() => res.end('{"held":true}'), 300);
        return;
      case "/stall":
        // Headers and half a body, then nothing: the deadline covers reading the body too.
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"items": [');
        return;
      case "/slow":
        setTimeout(() => res.end("{}"), 2_000);
        return;
      default:
        return status(404, 'pods "x" not found', "NotFound");
    }
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function kubeConfig(token: string, server = url, caData?: string): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: "c", server, skipTLSVerify: true, ...(caData ? { caData } : {}) }],
    users: [{ name: "u", token }],
    contexts: [{ name: "ctx", cluster: "c", user: "u", namespace: "shop" }],
    currentContext: "ctx",
  });
  return kc;
}

function cluster(token: string, server = url, timeoutMs?: number): Cluster {
  const kc = kubeConfig(token, server);
  return new Cluster(kc, timeoutMs === undefined ? {} : { requestTimeoutMs: timeoutMs });
}

async function failure(promise: Promise<unknown>): Promise<KubeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof KubeError) return error;
    throw error;
  }
  throw new Error("expected a KubeError");
}

describe("Cluster and its transport", () => {
  it("reads the version and the namespaces, with the context's namespace as default", async () => {
    const c = cluster("good");
    expect(c.namespace).toBe("shop");
    expect((await c.version()).gitVersion).toBe("v1.32.0");
    expect(await c.listNamespaces()).toEqual(["default", "shop"]);
    c.close();
  });

  it("maps HTTP failures to typed errors with messages a user can act on", async () => {
    const c = cluster("good");
    const forbidden = await failure(c.transport.json({ path: "/api/v1/namespaces/secret/pods" }));
    expect(forbidden).toMatchObject({ code: "forbidden", status: 403, reason: "Forbidden" });
    expect(forbidden.message).toContain('User "bob" cannot list resource "pods"');
    expect(await failure(c.transport.json({ path: "/api/v1/x" }))).toMatchObject({
      code: "not_found",
      message: 'pods "x" not found',
    });
    expect(await failure(c.transport.json({ path: "/boom" }))).toMatchObject({
      code: "server_error",
      retryable: true,
    });
    c.close();
  });

  it("reuses one connection, sends bodies and reads gzip answers", async () => {
    const c = cluster("good");
    const before = connections;
    for (let i = 0; i < 5; i++) await c.version();
    expect(connections - before).toBe(1);
    const list = await c.transport.json<{ items: { i: number }[] }>({ path: "/gzip" });
    expect(list.items).toHaveLength(500);
    expect(list.items[499]).toEqual({ i: 499 });
    const echo = await c.transport.json({
      method: "PATCH",
      path: "/echo",
      body: { spec: { replicas: 3 }, note: "é" },
      contentType: "application/merge-patch+json",
    });
    expect(echo).toEqual({
      method: "PATCH",
      length: "35",
      type: "application/merge-patch+json",
      body: '{"spec":{"replicas":3},"note":"é"}',
    });
    c.close();
  });

  it("bounds an answer's size, as received and once decompressed", async () => {
    const transport = new Transport(kubeConfig("good"), "ctx", { maxResponseBytes: 2 ** 20 });
    for (const path of ["/bomb", "/big"]) {
      const error = await failure(transport.json({ path }));
      expect(error).toMatchObject({ code: "unsupported", retryable: false });
      expect(error.message).toContain(`answer to ${path} is larger than 1 MiB`);
    }
    expect(await failure(transport.json({ path: "/corrupt" }))).toMatchObject({
      code: "server_error",
      message: "the API server's gzip answer to /corrupt cannot be decompressed",
    });
    // The transport still works after refusing an answer.
    expect(await transport.json({ path: "/version" })).toMatchObject({ major: "1" });
    transport.close();
  });

  it("lets a request in flight finish when new TLS material brings a new agent", async () => {
    const kc = kubeConfig("good", url, Buffer.from("ca one").toString("base64"));
    const transport = new Transport(kc, "ctx");
    const before = connections;
    const held = transport.json({ path: "/hold" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Another CA (a rotated bundle): the next request goes out on a new agent.
    const { clusters, users, contexts } = kubeConfig("good", url, "Y2EgdHdv");
    kc.loadFromOptions({ clusters, users, contexts, currentContext: "ctx" });
    expect(await transport.json({ path: "/version" })).toMatchObject({ major: "1" });
    expect(connections - before).toBe(2);
    expect(await held).toEqual({ held: true });
    transport.close();
  });

  it("says expired or invalid credentials plainly", async () => {
    const error = await failure(cluster("expired").version());
    expect(error.code).toBe("unauthorized");
    expect(error.message).toMatch(/rejected the credentials of context "ctx"/);
  });

  it("reports an unreachable server", async () => {
    const error = await failure(cluster("good", "http://127.0.0.1:1").version());
    expect(error.code).toBe("unreachable");
    expect(error.message).toMatch(
      /cannot reach the API server at http:\/\/127.0.0.1:1: connection refused/,
    );
  });

  it("times out and cancels", async () => {
    const slow = cluster("good", url, 200);
    for (const path of ["/slow", "/stall"])
      expect(await failure(slow.transport.json({ path }))).toMatchObject({ code: "timeout" });
    const controller = new AbortController();
    const pending = failure(
      cluster("good").transport.json({ path: "/slow", signal: controller.signal }),
    );
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toMatchObject({ code: "cancelled" });
  });

  it("refuses an unknown context", () => {
    const kc = new KubeConfig();
    kc.loadFromOptions({ clusters: [], users: [], contexts: [], currentContext: "" });
    expect(() => new Cluster(kc, { context: "prod" })).toThrow(/unknown context "prod"/);
  });
});
