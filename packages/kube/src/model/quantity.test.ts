import { describe, expect, it } from "vitest";
import { formatBytes, formatCpu, formatMebibytes, formatMilliCpu, parseQuantity } from "./quantity";

describe("parseQuantity", () => {
  it("reads every suffix family of apimachinery's grammar", () => {
    expect(parseQuantity("500m")).toBe(0.5);
    expect(parseQuantity("2")).toBe(2);
    expect(parseQuantity("1Gi")).toBe(2 ** 30);
    expect(parseQuantity("1.5Mi")).toBe(1.5 * 2 ** 20);
    expect(parseQuantity("1G")).toBe(1e9);
    expect(parseQuantity("100n")).toBeCloseTo(1e-7);
    expect(parseQuantity("1e3")).toBe(1000);
    expect(parseQuantity("1E3")).toBe(1000);
    expect(parseQuantity("1E")).toBe(1e18);
    expect(parseQuantity(".5")).toBe(0.5);
    expect(parseQuantity("-1k")).toBe(-1000);
    expect(parseQuantity(3)).toBe(3);
  });

  it("refuses an exponent with a suffix, which the API rejects (the analyzers' old parser read 1e3Mi)", () => {
    expect(parseQuantity("1e3Mi")).toBeUndefined();
    expect(parseQuantity("2e1m")).toBeUndefined();
  });

  it("answers undefined, never NaN, for what is not a quantity (kubectl's old parser gave NaN)", () => {
    for (const bad of ["", "abc", "1KB", "1 Gi", "Mi", null, undefined, {}, true])
      expect(parseQuantity(bad)).toBeUndefined();
  });
});

describe("quantity printers", () => {
  it("formatCpu prints whole cores plain and the rest in millicores", () => {
    expect(formatCpu(2)).toBe("2");
    expect(formatCpu(0.5)).toBe("500m");
    expect(formatCpu(1.25)).toBe("1250m");
    expect(formatCpu(0.9999999)).toBe("1");
  });

  it("formatBytes picks the largest exact binary unit, else one decimal", () => {
    expect(formatBytes(268435456)).toBe("256Mi");
    expect(formatBytes(2 ** 30)).toBe("1Gi");
    expect(formatBytes(1.5 * 2 ** 30)).toBe("1536Mi");
    expect(formatBytes(1.55 * 2 ** 30)).toBe("1.6Gi");
    expect(formatBytes(512)).toBe("512");
  });

  it("formatMilliCpu and formatMebibytes print as kubectl top does", () => {
    expect(formatMilliCpu(0.412)).toBe("412m");
    expect(formatMilliCpu(0.0001)).toBe("1m");
    expect(formatMebibytes(123.9 * 2 ** 20)).toBe("123Mi");
  });
});
