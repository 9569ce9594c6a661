import { describe, expect, it } from "vitest";
import { DESCRIBE_TABS, GET_TABS, tabwrite } from "./tabwriter";

describe("tabwrite", () => {
  it("pads columns to the widest cell plus padding, minimum width honoured", () => {
    const text = "NAME\tREADY\tAGE\ncheckout-7d9\t1/1\t5m\na\t0/1\t10d";
    expect(tabwrite(text, GET_TABS)).toBe(
      [
        "NAME           READY   AGE",
        "checkout-7d9   1/1     5m",
        "a              0/1     10d",
      ].join("\n"),
    );
  });

  it("aligns blocks separately: a line without tabs ends a block", () => {
    const text =
      "Name:\tx\nNamespace:\tshop\nContainers:\n  app:\n    Image:\tnginx\n    Port:\t80/TCP";
    expect(tabwrite(text, DESCRIBE_TABS)).toBe(
      [
        "Name:       x",
        "Namespace:  shop",
        "Containers:",
        "  app:",
        "    Image:  nginx",
        "    Port:   80/TCP",
      ].join("\n"),
    );
  });

  it("remembers widths across blocks when asked (kubectl get with several types)", () => {
    const text = "NAME\tAGE\nlong-name-here\t1m\n\nNAME\tAGE\nx\t2m";
    const lines = tabwrite(text, GET_TABS).split("\n");
    expect(lines[4]).toBe(`x${" ".repeat(16)}2m`); // "long-name-here" (14) + 3
    expect(tabwrite(text, { minWidth: 6, padding: 3 }).split("\n")[4]).toBe("x      2m");
  });

  it("counts characters, not bytes", () => {
    expect(tabwrite("é\tx\nab\ty", { minWidth: 0, padding: 1 })).toBe("é  x\nab y");
    // An emoji is one rune but two UTF-16 units; a lone surrogate still counts as one.
    expect(tabwrite("🚀\tx\nabc\ty", { minWidth: 0, padding: 1 })).toBe("🚀   x\nabc y");
    expect(tabwrite("\ud800a\tx\nabc\ty", { minWidth: 0, padding: 1 })).toBe("\ud800a  x\nabc y");
  });
});
