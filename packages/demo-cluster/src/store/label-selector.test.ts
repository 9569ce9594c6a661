import { describe, expect, it } from "vitest";
import { matchesLabels, parseLabelSelector, SelectorSyntaxError } from "./label-selector";

const labels = { app: "checkout", tier: "web", "app.kubernetes.io/name": "checkout" };

describe("label selectors", () => {
  it.each([
    ["app=checkout", true],
    ["app==checkout", true],
    ["app!=checkout", false],
    ["app=cart", false],
    ["tier in (web,api)", true],
    ["tier in (api)", false],
    ["tier notin (api, db)", true],
    ["app", true],
    ["!app", false],
    ["!missing", true],
    ["app=checkout,tier in (web),!canary", true],
    ["app.kubernetes.io/name=checkout", true],
    ["", true],
  ])("%s → %s", (selector, expected) => {
    expect(matchesLabels(parseLabelSelector(selector), labels)).toBe(expected);
  });

  it("rejects an invalid key as the API does", () => {
    expect(() => parseLabelSelector("bad key=1")).toThrow(SelectorSyntaxError);
    expect(() => parseLabelSelector("=x")).toThrow(SelectorSyntaxError);
  });
});
