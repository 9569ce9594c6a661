import { describe, expect, it } from "vitest";
import { printTables } from "./table";
import type { KubeTable } from "./table";

const pods: KubeTable = {
  columns: [
    { name: "Name", priority: 0, format: "name" },
    { name: "Ready", priority: 0 },
    { name: "Status", priority: 0 },
    { name: "IP", priority: 1 },
    { name: "Nominated Node", priority: 1 },
  ],
  rows: [
    {
      cells: ["checkout-1", "0/1", "CrashLoopBackOff", "10.0.0.5", "<none>"],
      object: {
        metadata: {
          name: "checkout-1",
          namespace: "shop",
          labels: { app: "checkout", tier: "web" },
        },
      },
    },
  ],
};

describe("printTables", () => {
  it("prints kubectl's default columns", () => {
    expect(printTables([{ table: pods, typePrefix: "pod" }]).text).toBe(
      "NAME         READY   STATUS\ncheckout-1   0/1     CrashLoopBackOff",
    );
  });

  it("adds wide columns, namespace, label columns and labels", () => {
    const { text, structured } = printTables([{ table: pods, typePrefix: "pod" }], {
      wide: true,
      withNamespace: true,
      showLabels: true,
      labelColumns: ["app"],
    });
    expect(text.split("\n")[0]).toBe(
      "NAMESPACE   NAME         READY   STATUS             IP         NOMINATED NODE   APP        LABELS",
    );
    expect(structured[0]!.rows[0]).toEqual([
      "shop",
      "checkout-1",
      "0/1",
      "CrashLoopBackOff",
      "10.0.0.5",
      "<none>",
      "checkout",
      "app=checkout,tier=web",
    ]);
  });

  it("prefixes names with their type; a blank line separates types only under headers", () => {
    const sections = [
      { table: pods, typePrefix: "pod" },
      { table: pods, typePrefix: "deployment.apps" },
    ];
    expect(printTables(sections, { withKind: true, noHeaders: true }).text.split("\n")).toEqual([
      "pod/checkout-1   0/1   CrashLoopBackOff",
      "deployment.apps/checkout-1   0/1   CrashLoopBackOff",
    ]);
    expect(printTables(sections, { withKind: true }).text.split("\n")).toEqual([
      "NAME             READY   STATUS",
      "pod/checkout-1   0/1     CrashLoopBackOff",
      "",
      "NAME                         READY   STATUS",
      "deployment.apps/checkout-1   0/1     CrashLoopBackOff",
    ]);
  });
});
