import { describe, expect, it } from "vitest";
import { JsonPath, relaxedJsonPath } from "./jsonpath";

const list = {
  kind: "List",
  items: [
    {
      metadata: { name: "a", labels: { "app.kubernetes.io/name": "shop" } },
      status: { phase: "Running", conditions: [{ type: "Ready", status: "True" }] },
      spec: {
        containers: [
          { name: "app", image: "nginx" },
          { name: "side", image: "envoy" },
        ],
      },
    },
    {
      metadata: { name: "b", labels: {} },
      status: { phase: "Pending", conditions: [{ type: "Ready", status: "False" }] },
      spec: { containers: [{ name: "app", image: "nginx:2" }] },
    },
  ],
};

const print = (template: string, data: unknown = list): string =>
  JsonPath.parse(template).print(data);

describe("JsonPath", () => {
  it.each([
    ["{.items[*].metadata.name}", "a b"],
    ["{.items[0].metadata.name}", "a"],
    ["{.items[-1].metadata.name}", "b"],
    ["{.items[0:1].metadata.name}", "a"],
    ["{.items[*].spec.containers[*].image}", "nginx envoy nginx:2"],
    [
      '{range .items[*]}{.metadata.name}{"\\t"}{.status.phase}{"\\n"}{end}',
      "a\tRunning\nb\tPending\n",
    ],
    ["{range .items}{.metadata.name};{end}", "a;b;"],
    ['{.items[?(@.status.phase=="Pending")].metadata.name}', "b"],
    ["{.items[?(@.status.phase!='Pending')].metadata.name}", "a"],
    ['{.items[*].status.conditions[?(@.type=="Ready")].status}', "True False"],
    ["{..image}", "nginx envoy nginx:2"],
    ["{.items[0].metadata.labels.app\\.kubernetes\\.io/name}", "shop"],
    ["{.items[0].metadata['labels']}", '{"app.kubernetes.io/name":"shop"}'],
    ["{.items[0].missing.field}", ""],
    ["names: {.items[*].metadata.name}!", "names: a b!"],
    ["{$.kind}", "List"],
  ])("%s", (template, expected) => {
    expect(print(template)).toBe(expected);
  });

  it("reads relaxed paths for custom columns and sort keys", () => {
    expect(relaxedJsonPath(".metadata.name").values(list.items[0])).toEqual(["a"]);
    expect(relaxedJsonPath("metadata.name").values(list.items[1])).toEqual(["b"]);
    expect(relaxedJsonPath("{.status.phase}").values(list.items[1])).toEqual(["Pending"]);
  });

  it("reports malformed templates as usage errors", () => {
    expect(() => JsonPath.parse("{.items[")).toThrow(/invalid jsonpath/);
    expect(() => JsonPath.parse("{range .items[*]}{.x}")).toThrow(/without \{end\}/);
    expect(() => JsonPath.parse("{end}")).toThrow(/without \{range\}/);
  });
});
