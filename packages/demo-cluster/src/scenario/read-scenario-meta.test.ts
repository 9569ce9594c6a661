import { describe, expect, it } from "vitest";
import { DemoClusterError } from "../errors";
import { readScenarioMeta } from "./read-scenario-meta";

const meta = (expect: Record<string, unknown>) => ({
  name: "dns",
  question: "why does mailer crash?",
  namespace: "notify",
  expect: { category: "DNSFailure", resource: "Deployment/notify/mailer", mentions: [], ...expect },
});

function failure(doc: Record<string, unknown>): string {
  try {
    readScenarioMeta(doc, "scenario.yaml");
  } catch (error) {
    if (error instanceof DemoClusterError) return error.message;
    throw error;
  }
  throw new Error("expected scenario.yaml to be refused");
}

describe("expect.healthyNamespaces", () => {
  it("is optional, and kept when given", () => {
    expect(readScenarioMeta(meta({}), "scenario.yaml").expect).not.toHaveProperty(
      "healthyNamespaces",
    );
    expect(
      readScenarioMeta(meta({ healthyNamespaces: ["default"] }), "scenario.yaml").expect
        .healthyNamespaces,
    ).toEqual(["default"]);
  });

  it("must be namespace names, and never the namespace of the fault", () => {
    expect(failure(meta({ healthyNamespaces: "default" }))).toContain("must be a list");
    expect(failure(meta({ healthyNamespaces: ["Default"] }))).toContain("is not a namespace name");
    expect(failure(meta({ healthyNamespaces: ["notify"] }))).toContain(
      "names notify, the namespace of the fault",
    );
  });
});

describe("traits", () => {
  it("are optional, and kept without duplicates when given", () => {
    expect(readScenarioMeta(meta({}), "scenario.yaml").traits).toEqual([]);
    expect(
      readScenarioMeta(
        { ...meta({}), traits: ["misleading", "multi-cause", "misleading"] },
        "scenario.yaml",
      ).traits,
    ).toEqual(["misleading", "multi-cause"]);
  });

  it("must be a list of known traits", () => {
    expect(failure({ ...meta({}), traits: "misleading" })).toContain("traits must be a list");
    expect(failure({ ...meta({}), traits: ["tricky"] })).toContain(
      'traits: "tricky" is not one of misleading, multi-cause',
    );
  });
});

describe("expect.causes", () => {
  const two = [
    { category: "CrashLoop", resource: "Deployment/notify/mailer", mentions: ["ENOTFOUND"] },
    { category: "ImagePull", resource: "Deployment/billing/invoice-api", mentions: ["v2"] },
  ];
  const onlyCauses = (causes: unknown) => ({ ...meta({}), expect: { causes } });

  it("makes the first cause the primary one when the top level names none", () => {
    const e = readScenarioMeta(onlyCauses(two), "scenario.yaml").expect;
    expect(e.causes).toEqual(two);
    expect([e.category, e.resource, e.mentions]).toEqual([
      "CrashLoop",
      "Deployment/notify/mailer",
      ["ENOTFOUND"],
    ]);
  });

  it("refuses fewer than two causes, a bad category, a malformed resource, a repeated object", () => {
    expect(failure(onlyCauses([two[0]]))).toContain("at least two causes");
    expect(failure(onlyCauses([two[0], { ...two[1], category: "Broken" }]))).toContain(
      'expect.causes[1].category "Broken"',
    );
    expect(failure(onlyCauses([two[0], { ...two[1], resource: "invoice-api" }]))).toContain(
      "expect.causes[1].resource",
    );
    expect(failure(onlyCauses([two[0], two[0]]))).toContain("one resource twice");
    expect(failure(onlyCauses([two[0], { ...two[1], fixable: "no" }]))).toContain(
      "expect.causes[1].fixable must be true or false",
    );
  });

  it("a cause may be unfixable; the scenario stays fixable while one cause is", () => {
    const one = readScenarioMeta(onlyCauses([two[0], { ...two[1], fixable: false }]), "s.yaml");
    expect(one.fixable).toBe(true);
    expect(one.expect.causes?.map((c) => c.fixable)).toEqual([undefined, false]);
    const none = onlyCauses(two.map((c) => ({ ...c, fixable: false })));
    expect(readScenarioMeta(none, "s.yaml").fixable).toBe(false);
  });
});
