import { describe, expect, it } from "vitest";
import {
  matchesEqualityMap,
  matchesLabelSelector,
  matchesRequirements,
  parseLabelSelector,
} from "./labelSelector";

const labels = { app: "web", tier: "fe", "app.kubernetes.io/name": "shop" };
const match = (s: string) => matchesRequirements(parseLabelSelector(s), labels);

describe("label selectors", () => {
  it("parse and match the full string syntax", () => {
    expect(match("app=web")).toBe(true);
    expect(match("app==web,tier=fe")).toBe(true);
    expect(match("app!=web")).toBe(false);
    expect(match("app in (web, api)")).toBe(true);
    expect(match("tier notin (fe)")).toBe(false);
    expect(match("app.kubernetes.io/name")).toBe(true);
    expect(match("!canary")).toBe(true);
    expect(match("!app")).toBe(false);
    expect(match("")).toBe(true);
  });

  it("reject malformed selectors with the offending text", () => {
    expect(() => parseLabelSelector("app in (web")).toThrow(/unbalanced/);
    expect(() => parseLabelSelector("app=web,,x=y")).toThrow(/empty requirement/);
    expect(() => parseLabelSelector("a b c")).toThrow(/cannot parse "a b c"/);
  });

  it("match LabelSelector objects: empty matches all, null matches none", () => {
    expect(matchesLabelSelector({}, labels)).toBe(true);
    expect(matchesLabelSelector(null, labels)).toBe(false);
    expect(
      matchesLabelSelector(
        {
          matchLabels: { app: "web" },
          matchExpressions: [{ key: "tier", operator: "In", values: ["fe"] }],
        },
        labels,
      ),
    ).toBe(true);
    expect(
      matchesLabelSelector(
        { matchExpressions: [{ key: "canary", operator: "DoesNotExist" }] },
        labels,
      ),
    ).toBe(true);
    expect(
      matchesLabelSelector(
        { matchExpressions: [{ key: "app", operator: "NotIn", values: ["web"] }] },
        labels,
      ),
    ).toBe(false);
  });

  it("treat a Service's empty selector as selecting nothing", () => {
    expect(matchesEqualityMap({}, labels)).toBe(false);
    expect(matchesEqualityMap({ app: "web" }, labels)).toBe(true);
    expect(matchesEqualityMap({ app: "web" }, undefined)).toBe(false);
  });
});
