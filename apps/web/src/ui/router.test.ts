import { describe, expect, it } from "vitest";
import { parseRoute, routePath } from "./router";

describe("parseRoute", () => {
  it.each([
    ["/", { name: "home" }],
    ["", { name: "home" }],
    ["/scan", { name: "scan" }],
    ["/scan/", { name: "scan" }],
    ["/c/cm3abc_12-x", { name: "conversation", id: "cm3abc_12-x" }],
    ["/c/abc/", { name: "conversation", id: "abc" }],
    ["/c/", { name: "home" }],
    ["/c/a/b", { name: "home" }],
    ["/c/%E0%A4%A", { name: "home" }],
    ["/c/<script>", { name: "home" }],
    [`/c/${"x".repeat(101)}`, { name: "home" }],
    ["/unknown", { name: "home" }],
  ])("%s", (path, route) => {
    expect(parseRoute(path)).toEqual(route);
  });

  it("round-trips through routePath", () => {
    for (const route of [
      { name: "home" } as const,
      { name: "scan" } as const,
      { name: "conversation", id: "abc-123" } as const,
    ]) {
      expect(parseRoute(routePath(route))).toEqual(route);
    }
  });
});
