import { describe, expect, it } from "vitest";
import { UsageError } from "./command";
import { checkTarget, parseTargetArgs } from "./targetArgs";

describe("parseTargetArgs", () => {
  it("reads the target flags apart and inline, a scenario implying the demo", () => {
    const { target, switches, words } = parseTargetArgs(
      ["-n=shop", "--context", "prod", "--scenario=oomkilled", "--json", "why", "-"],
      { switches: ["--json"], words: true },
    );
    expect(target).toEqual({
      demo: true,
      scenarios: ["oomkilled"],
      namespace: "shop",
      context: "prod",
    });
    expect([...switches]).toEqual(["--json"]);
    expect(words).toEqual(["why", "-"]);
  });

  it("refuses words where a command takes none, and values on switches", () => {
    expect(() => parseTargetArgs(["why"])).toThrow(new UsageError("unknown option 'why'"));
    expect(() => parseTargetArgs(["--json"])).toThrow(new UsageError("unknown option '--json'"));
    expect(() => parseTargetArgs(["--demo=yes"])).toThrow(new UsageError("--demo takes no value"));
    expect(() => parseTargetArgs(["--kubeconfig"])).toThrow(
      new UsageError("--kubeconfig needs a value"),
    );
  });

  it("keeps the demo cluster apart from a kubeconfig or context", () => {
    const { target } = parseTargetArgs(["--demo", "--context", "prod"]);
    expect(() => checkTarget(target)).toThrow(
      new UsageError("--demo cannot be combined with --kubeconfig or --context"),
    );
    expect(() => checkTarget(parseTargetArgs(["--demo", "-n", "shop"]).target)).not.toThrow();
  });
});
