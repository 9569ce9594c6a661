import { describe, expect, it } from "vitest";
import { runAnalyzer, texts } from "../testing/runAnalyzer";
import { deploymentAnalyzer } from "./deployment";

const dep = (spec: object, status: object) => ({
  kind: "Deployment",
  metadata: { name: "web", namespace: "a" },
  spec,
  status,
});

describe("Deployment analyzer", () => {
  it("flags fewer ready replicas than desired, with [ns, name] as Sensitive and no parent", async () => {
    const [r] = await runAnalyzer(deploymentAnalyzer, [
      dep({ replicas: 3 }, { replicas: 3, readyReplicas: 1 }),
    ]);
    expect(r?.name).toBe("a/web");
    expect(r?.parentObject).toBe("");
    expect(r?.error[0]?.Text).toBe("Deployment a/web wants 3 replicas but only 1 are ready.");
    expect(r?.error[0]?.Sensitive?.map((s) => s.Unmasked)).toEqual(["a", "web"]);
  });

  it("explains a surge (status replicas above spec) and counts a missing readyReplicas as 0", async () => {
    expect(
      texts(await runAnalyzer(deploymentAnalyzer, [dep({ replicas: 2 }, { replicas: 3 })]))[0],
    ).toContain("has 3 (0 ready)");
  });

  it("flags Progressing=False even when the counts agree", async () => {
    const results = await runAnalyzer(deploymentAnalyzer, [
      dep(
        { replicas: 1 },
        {
          readyReplicas: 1,
          conditions: [
            {
              type: "Progressing",
              status: "False",
              reason: "ProgressDeadlineExceeded",
              message: 'ReplicaSet "web-2" has timed out progressing.',
            },
          ],
        },
      ),
    ]);
    expect(texts(results)).toEqual([
      'Deployment a/web has condition Progressing=False (reason ProgressDeadlineExceeded): ReplicaSet "web-2" has timed out progressing.',
    ]);
  });

  it("ignores healthy and scaled-to-zero Deployments", async () => {
    expect(
      await runAnalyzer(deploymentAnalyzer, [
        dep({ replicas: 2 }, { replicas: 2, readyReplicas: 2 }),
        dep({ replicas: 0 }, {}),
      ]),
    ).toEqual([]);
  });
});
