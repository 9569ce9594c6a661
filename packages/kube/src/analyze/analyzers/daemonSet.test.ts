import { describe, expect, it } from "vitest";
import { runAnalyzer, texts } from "../testing/runAnalyzer";
import { daemonSetAnalyzer } from "./daemonSet";

describe("DaemonSet analyzer", () => {
  it("flags unready pods and missing image-pull secrets", async () => {
    const results = await runAnalyzer(daemonSetAnalyzer, [
      {
        kind: "DaemonSet",
        metadata: { name: "agent", namespace: "a" },
        spec: {
          template: { spec: { imagePullSecrets: [{ name: "regcred" }, { name: "present" }] } },
        },
        status: { desiredNumberScheduled: 3, numberReady: 2 },
      },
      {
        kind: "Secret",
        metadata: { name: "present", namespace: "a" },
        data: { ".dockerconfigjson": "e30=" },
      },
    ]);
    expect(texts(results)).toEqual([
      "DaemonSet a/agent has 2 of 3 scheduled pods ready.",
      "DaemonSet a/agent pulls images with Secret regcred, which does not exist.",
    ]);
    expect(results[0]?.error[1]?.Sensitive?.map((s) => s.Unmasked)).toEqual([
      "a",
      "agent",
      "regcred",
    ]);
  });

  it("ignores a fully ready DaemonSet and one with no status", async () => {
    expect(
      await runAnalyzer(daemonSetAnalyzer, [
        {
          kind: "DaemonSet",
          metadata: { name: "ok", namespace: "a" },
          status: { desiredNumberScheduled: 2, numberReady: 2 },
        },
        { kind: "DaemonSet", metadata: { name: "new", namespace: "a" } },
      ]),
    ).toEqual([]);
  });
});
