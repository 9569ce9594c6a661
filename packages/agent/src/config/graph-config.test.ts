import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isAgentError } from "../errors";
import {
  DEFAULT_GRAPH_CONFIG_PATH,
  defaultGraphConfig,
  loadGraphConfig,
  parseGraphConfig,
} from "./graph-config";

function file(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "kubemedic-graph-config-"));
  const path = join(dir, "graph.yaml");
  writeFileSync(path, text);
  return path;
}

describe("graph config", () => {
  it("the packaged graph.yaml spells out exactly the schema defaults", () => {
    expect(loadGraphConfig(DEFAULT_GRAPH_CONFIG_PATH)).toEqual(defaultGraphConfig());
  });

  it("an empty file is the defaults", () => {
    const config = loadGraphConfig(file(""));
    expect(config.approval.policy).toBe("approve-mutations");
    expect(config.limits.maxIterations).toBe(12);
    expect(config.nodes.agent.tools).toEqual(["kubectl", "k8sgpt"]);
    expect(config.nodes.tools.retry.maxAttempts).toBe(3);
  });

  it("overrides only what the file sets", () => {
    const config = loadGraphConfig(
      file("approval:\n  policy: read-only\nlimits:\n  maxIterations: 3\n  recursionLimit: 20\n"),
    );
    expect(config.approval.policy).toBe("read-only");
    expect(config.limits.maxIterations).toBe(3);
    expect(config.limits.toolTimeoutMs).toBe(30_000);
  });

  it("KUBEMEDIC_GRAPH_CONFIG names the file when no path is given", () => {
    const path = file("approval: { policy: suggest-only }\n");
    expect(loadGraphConfig(undefined, { KUBEMEDIC_GRAPH_CONFIG: path }).approval.policy).toBe(
      "suggest-only",
    );
  });

  it.each([
    ["an unknown key", "limits:\n  maxIteration: 3\n", "limits"],
    ["a bad policy", "approval:\n  policy: yolo\n", "approval.policy"],
    ["an unknown tool", "nodes:\n  agent:\n    tools: [kubectl, shell]\n", "nodes.agent.tools"],
    [
      "a recursion limit below the iteration limit",
      "limits:\n  maxIterations: 30\n  recursionLimit: 40\n",
      "recursionLimit",
    ],
  ])("rejects %s with a clear message", (_what, yaml, where) => {
    try {
      loadGraphConfig(file(yaml));
      expect.unreachable();
    } catch (error) {
      expect(isAgentError(error, "config_invalid")).toBe(true);
      expect((error as Error).message).toContain(where);
    }
  });

  it("rejects a missing file and invalid YAML", () => {
    expect(() => loadGraphConfig("/nonexistent/graph.yaml")).toThrow(/cannot read/);
    expect(() => loadGraphConfig(file("limits: [unclosed"))).toThrow(/not valid YAML/);
    expect(() => parseGraphConfig({ limits: 3 })).toThrow(/limits/);
  });
});
