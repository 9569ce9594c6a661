import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startDemoCluster, type DemoCluster } from "@kubemedic/demo-cluster";
import { Cluster, loadKubeConfig } from "@kubemedic/kube";
import { DiagnosisReport } from "@kubemedic/protocol";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const bin = `${root}apps/cli/bin/kubemedic.mjs`;

/** The Secret checkout-db's value, base64 and plain (in last-applied-configuration), and postgres-auth's. */
const SECRET_VALUES = [
  "cG9zdGdyZXM6Ly9jaGVja291dDpYazklMjNtUDJ2THE3d0Bwb3N0Z3Jlcy5zaG9wLnN2Yy5jbHVzdGVyLmxvY2FsOjU0MzIvY2hlY2tvdXQ",
  "Xk9%23mP2vLq7w",
  "WGs5I21QMnZMcTd3",
];

let demo: DemoCluster;
let dir: string;
let kubeconfig: string;
let cluster: Cluster;
let client: Client;
let stderr = "";

function text(result: unknown): string {
  return ((result as CallToolResult).content ?? [])
    .map((c) => (c.type === "text" ? c.text : ""))
    .join("\n");
}

/**
 * `kubemedic mcp` spawned as MCP clients spawn it, driven by the SDK's own
 * client over stdio, against the demo cluster (started here, reached through
 * a kubeconfig), with the offline diagnostician (no LLM key).
 */
beforeAll(async () => {
  demo = await startDemoCluster({ port: 0, scenarios: ["crashloop-missing-env"] });
  dir = await mkdtemp(join(tmpdir(), "kubemedic-mcp-stdio-"));
  kubeconfig = join(dir, "kubeconfig");
  await demo.writeKubeconfig(kubeconfig);
  cluster = new Cluster(loadKubeConfig({ kubeconfigPath: kubeconfig }));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, "mcp", "--kubeconfig", kubeconfig],
    env: { PATH: process.env.PATH ?? "", HOME: "/nonexistent" },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  client = new Client({ name: "kubemedic-test", version: "1.0.0" });
  await client.connect(transport);
});
afterAll(async () => {
  await client?.close();
  cluster?.close();
  await demo?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("kubemedic mcp (stdio)", () => {
  it("lists the four tools, read-only, with their input schemas; no resources without a database", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "analyze",
      "correlate",
      "diagnose",
      "kubectl",
    ]);
    for (const t of tools) expect(t.annotations?.readOnlyHint).toBe(true);
    const kubectl = tools.find((t) => t.name === "kubectl");
    expect(kubectl?.inputSchema.required).toEqual(["command"]);
    expect(tools.find((t) => t.name === "diagnose")?.outputSchema?.properties).toHaveProperty(
      "category",
    );
    expect(client.getServerCapabilities()?.resources).toBeUndefined();
    expect(stderr).toContain("kubemedic mcp: serving on stdio");
  });

  it("runs a kubectl read", async () => {
    const result = await client.callTool({
      name: "kubectl",
      arguments: { command: "get deploy -n shop" },
    });
    expect(result.isError).toBeFalsy();
    expect(text(result)).toMatch(/^NAME\s+READY/m);
    expect(text(result)).toContain("checkout");
  });

  it("refuses a mutation, pointing at a conversation's approval, and the cluster is unchanged", async () => {
    const result = await client.callTool({
      name: "kubectl",
      arguments: { command: "scale deploy/checkout -n shop --replicas=0" },
    });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/changes the cluster/);
    expect(text(result)).toMatch(/Mutations go through a conversation's approval/);
    const d = await cluster.transport.json<{ spec?: { replicas?: number } }>({
      path: "/apis/apps/v1/namespaces/shop/deployments/checkout",
    });
    expect(d.spec?.replicas).not.toBe(0);
    const refused = await client.callTool({
      name: "kubectl",
      arguments: { command: "exec checkout -n shop -- sh" },
    });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/^Refused:/);
  });

  it("never returns a Secret value (get -o yaml, describe, the last-applied annotation)", async () => {
    for (const command of [
      "get secret checkout-db -n shop -o yaml",
      "get secrets -n shop -o json",
      "describe secret checkout-db -n shop",
    ]) {
      const out = text(await client.callTool({ name: "kubectl", arguments: { command } }));
      expect(out, command).toContain("checkout-db");
      for (const value of SECRET_VALUES) expect(out, command).not.toContain(value);
    }
  });

  it("validates inputs: a bad namespace, an unknown context and an empty command are refused", async () => {
    const bad = await client.callTool({
      name: "kubectl",
      arguments: { command: "get pods", namespace: "Shop; rm" },
    });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/namespace|Invalid/i);
    const empty = await client.callTool({ name: "kubectl", arguments: { command: "" } });
    expect(empty.isError).toBe(true);
    const context = await client.callTool({
      name: "analyze",
      arguments: { context: "elsewhere" },
    });
    expect(context.isError).toBe(true);
    expect(text(context)).toContain('unknown cluster context "elsewhere"');
  });

  it("analyzes and correlates, with structured content", async () => {
    const analysis = await client.callTool({ name: "analyze", arguments: { namespace: "shop" } });
    expect(analysis.isError).toBeFalsy();
    expect(analysis.structuredContent).toMatchObject({ status: "ProblemDetected" });
    expect(text(analysis)).toContain("checkout");
    const correlation = await client.callTool({
      name: "correlate",
      arguments: { namespace: "shop" },
    });
    expect(correlation.isError).toBeFalsy();
    const causes = (correlation.structuredContent as { rootCauses: { category: string }[] })
      .rootCauses;
    expect(causes[0]?.category).toBe("CrashLoop");
  });

  it("diagnoses with the real agent graph and returns the DiagnosisReport as structured content", async () => {
    const progress: string[] = [];
    const result = await client.callTool(
      { name: "diagnose", arguments: { question: "why is checkout failing in shop?" } },
      undefined,
      { onprogress: (p) => progress.push(p.message ?? ""), timeout: 120_000 },
    );
    expect(result.isError).toBeFalsy();
    const report = DiagnosisReport.parse(result.structuredContent);
    expect(report.category).toBe("CrashLoop");
    expect(report.rootCause).toContain("DATABASE_URL");
    expect(text(result)).toMatch(/^Diagnosis: CrashLoop/);
    expect(progress.length).toBeGreaterThan(0);
    const json = JSON.stringify(result);
    for (const value of SECRET_VALUES) expect(json).not.toContain(value);
  });
});
