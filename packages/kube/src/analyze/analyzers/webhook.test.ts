import { describe, expect, it } from "vitest";
import { runAnalyzer, texts } from "../testing/runAnalyzer";
import { mutatingWebhookAnalyzer, validatingWebhookAnalyzer } from "./webhook";

const config = (kind: string, name: string, hooks: object[]) => ({
  kind,
  metadata: { name },
  webhooks: hooks,
});
const hook = (name: string, service?: { namespace: string; name: string }) => ({
  name,
  clientConfig: service === undefined ? { url: "https://x" } : { service },
});

describe("webhook analyzers", () => {
  it("flag a missing Service, a Service without pods and pods that are not running; URL webhooks are skipped", async () => {
    const objects = [
      config("ValidatingWebhookConfiguration", "policy", [
        hook("gone.example.com", { namespace: "sys", name: "gone" }),
        hook("empty.example.com", { namespace: "sys", name: "empty" }),
        hook("slow.example.com", { namespace: "sys", name: "slow" }),
        hook("url.example.com"),
      ]),
      {
        kind: "Service",
        metadata: { name: "empty", namespace: "sys" },
        spec: { selector: { app: "empty" } },
      },
      {
        kind: "Service",
        metadata: { name: "slow", namespace: "sys" },
        spec: { selector: { app: "slow" } },
      },
      {
        kind: "Pod",
        metadata: { name: "slow-1", namespace: "sys", labels: { app: "slow" } },
        status: { phase: "Pending" },
      },
    ];
    const results = await runAnalyzer(validatingWebhookAnalyzer, objects);
    expect(results.map((r) => r.name)).toEqual([
      "/gone.example.com",
      "/empty.example.com",
      "/slow.example.com",
    ]);
    expect(texts(results)).toEqual([
      "The validating webhook gone.example.com calls Service sys/gone, which does not exist.",
      "The validating webhook empty.example.com calls Service sys/empty, but no pod matches its selector app=empty.",
      "The validating webhook slow.example.com is served by pod slow-1, which is not running (phase Pending).",
    ]);
    expect(results.every((r) => r.kind === "ValidatingWebhookConfiguration")).toBe(true);
    expect(await runAnalyzer(mutatingWebhookAnalyzer, objects)).toEqual([]);
  });

  it("merges the failures of same-named webhooks of two configurations", async () => {
    const results = await runAnalyzer(mutatingWebhookAnalyzer, [
      config("MutatingWebhookConfiguration", "a", [
        hook("dup.example.com", { namespace: "x", name: "one" }),
      ]),
      config("MutatingWebhookConfiguration", "b", [
        hook("dup.example.com", { namespace: "x", name: "two" }),
      ]),
    ]);
    expect(results).toHaveLength(1);
    expect(results[0]?.error).toHaveLength(2);
  });
});
