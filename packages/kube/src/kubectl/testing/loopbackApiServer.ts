import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { KubeConfig } from "@kubernetes/client-node";
import { Cluster } from "../../connection/cluster";
import { KubectlEngine } from "../engine";

/**
 * Test helper: a loopback HTTP API server for the cases the demo cluster does
 * not stage (it always serves metrics.k8s.io and never OpenAPI): legacy
 * discovery for core/v1 and apps/v1 (plus metrics.k8s.io/v1beta1 when asked),
 * and whatever extra routes a test adds. Answers Status objects like the API
 * server; every request must carry the token.
 */
export interface LoopbackApiServer {
  engine: KubectlEngine;
  /** Paths requested so far (without query). */
  requests: string[];
  close(): Promise<void>;
}

export type Route = (req: IncomingMessage, res: ServerResponse) => void;

const TOKEN = "loopback-token";

const RESOURCES: Record<string, object[]> = {
  v1: [
    {
      name: "pods",
      singularName: "pod",
      namespaced: true,
      kind: "Pod",
      verbs: ["get", "list"],
      shortNames: ["po"],
    },
    {
      name: "nodes",
      singularName: "node",
      namespaced: false,
      kind: "Node",
      verbs: ["get", "list"],
      shortNames: ["no"],
    },
  ],
  "apps/v1": [
    {
      name: "deployments",
      singularName: "deployment",
      namespaced: true,
      kind: "Deployment",
      verbs: ["get", "list"],
      shortNames: ["deploy"],
    },
  ],
  "metrics.k8s.io/v1beta1": [
    {
      name: "pods",
      singularName: "",
      namespaced: true,
      kind: "PodMetrics",
      verbs: ["get", "list"],
    },
    {
      name: "nodes",
      singularName: "",
      namespaced: false,
      kind: "NodeMetrics",
      verbs: ["get", "list"],
    },
  ],
};

export function sendStatus(
  res: ServerResponse,
  code: number,
  reason: string,
  message: string,
): void {
  res.writeHead(code, { "content-type": "application/json" });
  res.end(
    JSON.stringify({ kind: "Status", apiVersion: "v1", status: "Failure", message, reason, code }),
  );
}

export function sendJson(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export async function startLoopbackApiServer(
  options: { metrics?: boolean; routes?: Record<string, Route> } = {},
): Promise<LoopbackApiServer> {
  const groups = ["apps/v1", ...(options.metrics === true ? ["metrics.k8s.io/v1beta1"] : [])];
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://loopback").pathname;
    requests.push(path);
    if (req.headers.authorization !== `Bearer ${TOKEN}`)
      return sendStatus(res, 401, "Unauthorized", "Unauthorized");
    const extra = options.routes?.[path];
    if (extra !== undefined) return extra(req, res);
    if (path === "/api") return sendJson(res, { kind: "APIVersions", versions: ["v1"] });
    if (path === "/apis")
      return sendJson(res, {
        kind: "APIGroupList",
        apiVersion: "v1",
        groups: groups.map((gv) => {
          const [name, version] = gv.split("/");
          const v = { groupVersion: gv, version };
          return { name, versions: [v], preferredVersion: v };
        }),
      });
    const gv = path === "/api/v1" ? "v1" : path.startsWith("/apis/") ? path.slice(6) : "";
    const resources = gv === "v1" || groups.includes(gv) ? RESOURCES[gv] : undefined;
    if (resources !== undefined)
      return sendJson(res, {
        kind: "APIResourceList",
        apiVersion: "v1",
        groupVersion: gv,
        resources,
      });
    return sendStatus(res, 404, "NotFound", "the server could not find the requested resource");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const kc = new KubeConfig();
  kc.loadFromOptions({
    // client-node accepts plain HTTP only with skipTLSVerify; there is no TLS to verify here.
    clusters: [
      {
        name: "loopback",
        server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        skipTLSVerify: true,
      },
    ],
    users: [{ name: "u", token: TOKEN }],
    contexts: [{ name: "loopback", cluster: "loopback", user: "u", namespace: "shop" }],
    currentContext: "loopback",
  });
  const cluster = new Cluster(kc);
  return {
    engine: new KubectlEngine(cluster),
    requests,
    async close() {
      cluster.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
