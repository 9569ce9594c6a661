import { describe, expect, it } from "vitest";
import {
  formatEqualityMap,
  formatLabelSelector,
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

  it("read the string syntax as apimachinery does where drain's old matcher did not", () => {
    // labels.Parse lexes "(" and "!" as their own tokens: no space is needed around them.
    expect(match("app in(web,api)")).toBe(true);
    expect(match("tier notin(fe)")).toBe(false);
    expect(match("! canary")).toBe(true);
    // A comma must be followed by a requirement: "expected: identifier after ','".
    expect(() => parseLabelSelector("app=web,")).toThrow(/empty requirement/);
    // Malformed input is the caller's mistake, not a failure of ours.
    expect(() => parseLabelSelector("a b c")).toThrow(expect.objectContaining({ code: "usage" }));
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

  it("print a LabelSelector as apimachinery's FormatLabelSelector: sorted by key, values sorted", () => {
    // The five printers this replaces disagreed: "!key" sorted first, unsorted expressions,
    // "a, b" lists, "key In (a)". kubectl sorts requirements by key and prints `-l` syntax.
    const text = formatLabelSelector({
      matchLabels: { tier: "fe", app: "web" },
      matchExpressions: [
        { key: "zone", operator: "NotIn", values: ["b", "a"] },
        { key: "canary", operator: "DoesNotExist" },
        { key: "env", operator: "In", values: ["prod", "dev"] },
        { key: "team", operator: "Exists" },
      ],
    });
    expect(text).toBe("app=web,!canary,env in (dev,prod),team,tier=fe,zone notin (a,b)");
    // What it prints is what -l reads back, with the same meaning.
    const parsed = parseLabelSelector(text);
    expect(matchesRequirements(parsed, { app: "web", tier: "fe", env: "dev", team: "x" })).toBe(
      true,
    );
    expect(matchesRequirements(parsed, { app: "web", tier: "fe", env: "qa", team: "x" })).toBe(
      false,
    );
    expect(formatLabelSelector({})).toBe("");
    expect(formatLabelSelector(null)).toBe("");
  });

  it("print an equality map with sorted keys, as labels.FormatLabels does", () => {
    expect(formatEqualityMap({ tier: "fe", app: "web" })).toBe("app=web,tier=fe");
    expect(formatEqualityMap(undefined)).toBe("");
  });
});
