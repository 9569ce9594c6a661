import { describe, expect, it } from "vitest";
import { objectRows } from "./action-rows";
import type { ToolStep } from "./turn-view";

const printed = [
  "NAMESPACE   NAME                           READY   UP-TO-DATE   AVAILABLE   AGE   CONTAINERS     IMAGES                                        SELECTOR",
  "payments    deployment.apps/payments-api   0/2     2            0           60d   payments-api   ghcr.io/acme/payments-api:v2.31               app=payments-api",
  "shop        deployment.apps/cart           2/2     2            2           12d   cart,proxy     ghcr.io/acme/cart:v1.8.2,envoy:1.30           app=cart",
  "",
  "NAMESPACE    NAME                    SCHEDULE    TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE",
  "storefront   cronjob.batch/sitemap   0 3 * * *   <none>     false     0        120m            300d",
].join("\n");

const step = (content: string, structured?: unknown): ToolStep => ({
  name: "kubectl",
  args: {},
  content,
  artifact: {
    tool: "kubectl",
    command: "get deployments,cronjobs -A -o wide",
    classification: "read",
    status: "ok",
    durationMs: 1,
    truncated: false,
    summary: "",
    attempts: 1,
    ...(structured === undefined ? {} : { structured }),
  },
});

describe("objectRows", () => {
  it("reads kubectl's printed tables when the artifact kept no structure", () => {
    const rows = objectRows(step(printed), undefined);
    expect(rows.map((r) => [r.kind, r.namespace, r.name, r.replicas])).toEqual([
      ["Deployment", "payments", "payments-api", 2],
      ["Deployment", "shop", "cart", 2],
      ["CronJob", "storefront", "sitemap", undefined],
    ]);
    expect(rows[1]?.containers).toEqual([
      { name: "cart", image: "ghcr.io/acme/cart:v1.8.2" },
      { name: "proxy", image: "envoy:1.30" },
    ]);
  });

  it("prefers the engine's structured tables, and a plain listing's kind", () => {
    const tables = [{ columns: ["NAME", "STATUS"], rows: [["worker-2", "Ready"]] }];
    expect(objectRows(step("ignored", { kind: "table", tables }), "Node")).toEqual([
      { kind: "Node", name: "worker-2" },
    ]);
  });
});
