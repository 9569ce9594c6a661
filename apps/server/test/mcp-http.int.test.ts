import { DiagnosisReport } from "@kubemedic/protocol";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replicasOf, startDemo, type DemoFixture } from "./demo";
import { GatewayFixture, TEST_TOKEN } from "./gateway-fixture";
import { serverBackends, type ServerDatabase } from "./server-backends";

/**
 * `/mcp` on a real server (real port, PGlite and PostgreSQL) against the demo
 * cluster, driven by the MCP SDK's own client over streamable HTTP: the same
 * authentication as the REST API, the tools, and the user's stored reports
 * as resources.
 */
const backends = await serverBackends();

/** The Secret checkout-db's value (base64, and plain in last-applied-configuration) and postgres-auth's. */
const SECRET_VALUES = [
  "cG9zdGdyZXM6Ly9jaGVja291dDpYazklMjNtUDJ2THE3d0Bwb3N0Z3Jlcy5zaG9wLnN2Yy5jbHVzdGVyLmxvY2FsOjU0MzIvY2hlY2tvdXQ",
  "Xk9%23mP2vLq7w",
  "WGs5I21QMnZMcTd3",
];

function text(result: unknown): string {
  return ((result as CallToolResult).content ?? [])
    .map((c) => (c.type === "text" ? c.text : ""))
    .join("\n");
}

async function connect(url: string, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: "kubemedic-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }),
  );
  return client;
}

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "curl", version: "1" },
  },
};

describe.each(backends)("/mcp on $name", (backend) => {
  describe.skipIf(backend.skipped !== undefined)("MCP over streamable HTTP", () => {
    let demo: DemoFixture;
    let database: ServerDatabase;
    let fx: GatewayFixture;
    let client: Client;
    let conversationId = "";
    let reportId = "";
    beforeAll(async () => {
      demo = await startDemo();
      database = await backend.create();
      fx = await GatewayFixture.start(database, {
        kubeconfig: demo.kubeconfig,
        env: { KUBEMEDIC_TRUST_PROXY_USER_HEADER: "X-User" },
      });
      // One conversation with a stored report, for the resources.
      const socket = await fx.socket();
      conversationId = await fx.newConversation(socket, { title: "checkout down" });
      const turnId = await fx.send(socket, conversationId, "why is checkout failing in shop?");
      reportId = (await socket.event("report.ready", turnId)).event.reportId ?? "";
      await socket.event("turn.completed", turnId);
      await socket.close();
      client = await connect(fx.url, { authorization: `Bearer ${TEST_TOKEN}` });
    });
    afterAll(async () => {
      await client?.close();
      await fx?.close();
      await database?.dispose();
      await demo?.close();
    });

    it("refuses a request without credentials, or with a wrong token, like the REST API", async () => {
      const attempts: Record<string, string>[] = [
        {},
        { authorization: "Bearer wrong-token-0123456789" },
      ];
      for (const headers of attempts) {
        const res = await fetch(`${fx.url}/mcp`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            ...headers,
          },
          body: JSON.stringify(INITIALIZE),
        });
        expect(res.status).toBe(401);
        expect(await res.json()).toMatchObject({ error: { code: "unauthorized" } });
      }
      await expect(connect(fx.url, {})).rejects.toThrow(/401|unauthorized/i);
    });

    it("applies the API's cross-site rules and answers GET with 405 (stateless)", async () => {
      const foreign = await fetch(`${fx.url}/mcp`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${TEST_TOKEN}`,
          origin: "https://evil.example",
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify(INITIALIZE),
      });
      expect(foreign.status).toBe(403);
      const get = await fetch(`${fx.url}/mcp`, {
        headers: { authorization: `Bearer ${TEST_TOKEN}`, accept: "text/event-stream" },
      });
      expect(get.status).toBe(405);
      expect(get.headers.get("allow")).toBe("POST");
    });

    it("lists the tools and the stored reports as resources", async () => {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([
        "analyze",
        "correlate",
        "diagnose",
        "kubectl",
      ]);
      const { resources } = await client.listResources();
      const uri = `kubemedic://conversations/${conversationId}/reports/${reportId}`;
      expect(resources.map((r) => r.uri)).toEqual([uri]);
      expect(resources[0]?.mimeType).toBe("application/json");
      expect(resources[0]?.title).toMatch(/^checkout down: CrashLoop \((critical|high)\)$/);
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
        "kubemedic://conversations/{conversationId}/reports/{reportId}",
      ]);
      const read = await client.readResource({ uri });
      const content = read.contents[0] as { text: string; mimeType: string };
      expect(content.mimeType).toBe("application/json");
      const report = DiagnosisReport.parse(JSON.parse(content.text));
      expect(report.category).toBe("CrashLoop");
      const rest = await fx.json<unknown>(
        `/api/conversations/${conversationId}/reports/${reportId}?format=json`,
      );
      expect(report).toEqual(rest);
    });

    it("keeps reports private: another user lists none and reads the report as missing", async () => {
      const mallory = await connect(fx.url, { "x-user": "mallory" });
      try {
        expect((await mallory.listResources()).resources).toEqual([]);
        await expect(
          mallory.readResource({
            uri: `kubemedic://conversations/${conversationId}/reports/${reportId}`,
          }),
        ).rejects.toThrow(/no such report/);
      } finally {
        await mallory.close();
      }
    });

    it("runs a kubectl read, refuses a mutation (the cluster unchanged) and never returns a Secret value", async () => {
      const read = await client.callTool({
        name: "kubectl",
        arguments: { command: "get pods", namespace: "shop" },
      });
      expect(read.isError).toBeFalsy();
      expect(text(read)).toMatch(/^NAME\s+READY\s+STATUS/m);
      expect(text(read)).toContain("checkout-");

      const before = await replicasOf(demo.cluster, "shop", "checkout");
      const scale = await client.callTool({
        name: "kubectl",
        arguments: { command: "scale deploy/checkout -n shop --replicas=5" },
      });
      expect(scale.isError).toBe(true);
      expect(text(scale)).toMatch(/Mutations go through a conversation's approval/);
      expect(await replicasOf(demo.cluster, "shop", "checkout")).toBe(before);

      const secret = text(
        await client.callTool({
          name: "kubectl",
          arguments: { command: "get secret checkout-db -n shop -o yaml" },
        }),
      );
      expect(secret).toContain("name: checkout-db");
      for (const value of SECRET_VALUES) expect(secret).not.toContain(value);
    });

    it("diagnoses with the server's model and returns the report as structured content", async () => {
      const result = await client.callTool(
        {
          name: "diagnose",
          arguments: { question: "why is checkout failing?", namespace: "shop" },
        },
        undefined,
        { timeout: 120_000 },
      );
      expect(result.isError).toBeFalsy();
      const report = DiagnosisReport.parse(result.structuredContent);
      expect(report.category).toBe("CrashLoop");
      expect(report.affectedResources).toContainEqual(
        expect.objectContaining({ kind: "Deployment", name: "checkout" }),
      );
      for (const value of SECRET_VALUES) expect(JSON.stringify(result)).not.toContain(value);
    });
  });
});
