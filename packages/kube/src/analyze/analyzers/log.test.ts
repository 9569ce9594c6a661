import { describe, expect, it } from "vitest";
import { readScenario } from "../../model/testing/scenarioFixture";
import { runAnalyzer, texts } from "../testing/runAnalyzer";
import type { LogSource } from "../../model/snapshot/LogSource";
import { firstErrorLine, logAnalyzer } from "./log";

describe("Log analyzer", () => {
  it("reports the first error line of the current and previous logs, as kind Pod named ns/pod/container", async () => {
    const f = await readScenario("crashloop-missing-env");
    const results = await runAnalyzer(logAnalyzer, f.objects, { namespace: "shop", logs: f.logs });
    const checkout = results.filter((r) => r.name.startsWith("shop/checkout-"));
    expect(checkout.length).toBeGreaterThan(0);
    expect(
      checkout.every((r) => r.kind === "Pod" && r.parentObject === "Deployment/checkout"),
    ).toBe(true);
    expect(texts(checkout).join("\n")).toContain("(previous instance)");
    expect(texts(checkout).join("\n")).toContain("DATABASE_URL");
  });

  it("reports an unreadable log, and redacts credentials in the lines it quotes", async () => {
    const logs: LogSource = {
      read: (r) =>
        r.container === "broken"
          ? Promise.reject(
              new Error('container "broken" in pod "p" is waiting to start: ContainerCreating'),
            )
          : Promise.resolve(
              "ok\nERROR connect postgres://app:hunter2@db:5432/app failed\nERROR again",
            ),
    };
    const results = await runAnalyzer(
      logAnalyzer,
      [
        {
          kind: "Pod",
          metadata: { name: "p", namespace: "a" },
          spec: { containers: [{ name: "app" }, { name: "broken" }] },
        },
      ],
      { logs },
    );
    expect(texts(results)).toEqual([
      "ERROR connect postgres://app:[REDACTED]@db:5432/app failed",
      'Cannot read the log of container broken in pod p: container "broken" in pod "p" is waiting to start: ContainerCreating',
    ]);
    expect(results[0]?.error[0]?.Sensitive?.map((s) => s.Unmasked)).toEqual(["p"]);
  });

  it("matches k8sgpt's plain substrings", () => {
    expect(firstErrorLine("fine\nfailover complete\nerror later")).toBe("failover complete");
    expect(firstErrorLine("all good")).toBeUndefined();
  });
});
