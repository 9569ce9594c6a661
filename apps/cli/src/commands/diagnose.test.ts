import { describe, expect, it } from "vitest";
import { UsageError } from "../command";
import { parseDiagnoseFlags } from "./diagnose";

describe("parseDiagnoseFlags", () => {
  it("reads every option, with its value apart or inline", () => {
    const apart = parseDiagnoseFlags([
      "--kubeconfig",
      "/k",
      "--context",
      "prod",
      "-n",
      "shop",
      "--json",
      "why",
      "is it down?",
    ]);
    expect(apart).toEqual({
      kubeconfig: "/k",
      context: "prod",
      namespace: "shop",
      demo: false,
      scenarios: [],
      json: true,
      fix: false,
      yes: false,
      question: "why is it down?",
    });
    const inline = parseDiagnoseFlags([
      "--kubeconfig=/k",
      "--context=prod",
      "-n=shop",
      "--json",
      "why is it down?",
    ]);
    expect(inline).toEqual(apart);
    expect(parseDiagnoseFlags(["--namespace=a=b", "q"]).namespace).toBe("a=b");
    expect(parseDiagnoseFlags(["--scenario=oomkilled", "q"])).toMatchObject({
      demo: true,
      scenarios: ["oomkilled"],
    });
    expect(parseDiagnoseFlags(["--fix", "q"])).toMatchObject({ fix: true, yes: false });
    expect(parseDiagnoseFlags(["--fix", "-y", "q"])).toMatchObject({ fix: true, yes: true });
    expect(parseDiagnoseFlags(["--yes", "--fix", "q"])).toMatchObject({ fix: true, yes: true });
  });

  it.each([
    [["-n=", "q"], "-n needs a value"],
    [["--namespace"], "--namespace needs a value"],
    [["--json=yes", "q"], "--json takes no value"],
    [["-x=1", "q"], "unknown option '-x=1'"],
    [["-n", "shop"], "a question is required"],
    [["--demo", "--context", "c", "q"], "--demo cannot be combined with --kubeconfig or --context"],
    [["--yes", "q"], "--yes only goes with --fix"],
    [["--fix=1", "q"], "--fix takes no value"],
  ])("refuses %j: %s", (args, message) => {
    expect(() => parseDiagnoseFlags(args)).toThrow(new UsageError(message));
  });
});
