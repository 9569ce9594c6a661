import { describe, expect, it } from "vitest";
import { en } from "./messages.en";
import { zhCN } from "./messages.zh-CN";

/** Every key path of a catalogue, with the kind of value (a function's arity) at its end. */
function shape(value: unknown, path = ""): string[] {
  if (typeof value === "string") return [`${path}: string`];
  if (typeof value === "function") return [`${path}: function/${value.length}`];
  if (Array.isArray(value)) return [`${path}: list`];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    shape(v, path === "" ? k : `${path}.${k}`),
  );
}

describe("the catalogues", () => {
  it("have the same keys, each a string or a function of the same arguments", () => {
    expect(shape(zhCN).sort()).toEqual(shape(en).sort());
    expect(shape(en).length).toBeGreaterThan(250);
  });

  it("translate: no Chinese string is left in English, and values fill in", () => {
    const strings = (v: unknown): string[] =>
      typeof v === "string"
        ? [v]
        : typeof v === "object" && v !== null
          ? Object.values(v).flatMap(strings)
          : [];
    // Brand and tool names may stay as they are; every other string must differ from English.
    const same = strings(zhCN).filter((s, i) => s === strings(en)[i] && !/^[\s·]*$/.test(s));
    expect(same).toEqual([]);
    expect(zhCN.sidebar.nothingMatches("checkout")).toBe("没有与“checkout”匹配的内容。");
    expect(zhCN.approval.required(2)).toContain("2 条命令");
  });
});
