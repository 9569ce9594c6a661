import { describe, expect, it } from "vitest";
import { UsageError } from "../command";
import { DEFAULT_QUALITY_OUT, parseQualityFlags } from "./quality";

describe("parseQualityFlags", () => {
  it("defaults to the built-ins, no --strict, one at a time, .kubemedic/quality.json", () => {
    expect(parseQualityFlags([])).toEqual({
      scenarios: [],
      conversations: [],
      strict: false,
      fix: false,
      out: DEFAULT_QUALITY_OUT,
      concurrency: 1,
    });
  });

  it("repeats --scenarios and --conversations, takes --name=value and -j", () => {
    expect(
      parseQualityFlags([
        "--scenarios",
        "a",
        "--conversations",
        "c.yaml",
        "--scenarios=b",
        "--conversations=d",
        "--strict",
        "--out=r.json",
        "-j",
        "2",
      ]),
    ).toEqual({
      scenarios: ["a", "b"],
      conversations: ["c.yaml", "d"],
      strict: true,
      fix: false,
      out: "r.json",
      concurrency: 2,
    });
  });

  it("--fix turns fix scoring on", () => {
    expect(parseQualityFlags(["--fix", "--strict"])).toMatchObject({ fix: true, strict: true });
  });

  it.each([
    [["--scenarios"], "--scenarios needs a value"],
    [["--scenarios", "--strict"], "--scenarios needs a value"],
    [["--conversations"], "--conversations needs a value"],
    [["--concurrency", "9"], "--concurrency must be a whole number from 1 to 8"],
    [["--concurrency", "1.5"], "--concurrency must be a whole number from 1 to 8"],
    [["--json"], "unknown option '--json'"],
    [["dir"], "unexpected argument 'dir'"],
  ])("%j is a usage error: %s", (args, message) => {
    expect(() => parseQualityFlags(args)).toThrow(UsageError);
    expect(() => parseQualityFlags(args)).toThrow(message);
  });
});
