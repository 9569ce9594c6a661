import { describe, expect, it } from "vitest";
import type { ParsedCommand } from "./parseCommand";
import { parseCommand } from "./parseCommand";

function parse(line: string): ParsedCommand {
  const result = parseCommand(line);
  if (!result.ok) throw new Error(result.message);
  return result.command;
}

describe("parseCommand", () => {
  it("reads -n in every spelling", () => {
    for (const line of [
      "get pods -n shop",
      "get pods -nshop",
      "get pods -n=shop",
      "get pods --namespace shop",
      "get pods --namespace=shop",
      "-n shop get pods",
    ]) {
      expect(parse(line).namespace).toBe("shop");
    }
  });

  it("reads combined shorthands the way pflag does", () => {
    const p = parse("get pods -Aowide");
    expect(p.flags["all-namespaces"]).toBe(true);
    expect(p.flags.output).toBe("wide");
    expect(parse("get pods -Ao yaml").flags.output).toBe("yaml");
  });

  it("keeps positional order and type/name forms", () => {
    expect(parse("get deploy,svc a b -n x").args).toEqual(["deploy,svc", "a", "b"]);
    expect(parse("describe pod/a -n x").args).toEqual(["pod/a"]);
  });

  it("types flag values", () => {
    const p = parse("logs x --tail=-1 --previous --since 90s -c app");
    expect(p.flags.tail).toBe(-1);
    expect(p.flags.previous).toBe(true);
    expect(p.flags.since).toBe("90s");
    expect(p.flags.container).toBe("app");
    expect(parseCommand("logs x --tail=ten")).toMatchObject({ ok: false, code: "usage" });
    expect(parseCommand("logs x --since=yesterday")).toMatchObject({ ok: false, code: "usage" });
    expect(parseCommand("get pods --show-labels=maybe")).toMatchObject({ ok: false });
  });

  it("accumulates repeatable flags", () => {
    expect(parse("get pods -L app -L tier,env").flags["label-columns"]).toEqual([
      "app",
      "tier",
      "env",
    ]);
  });

  it("reads a bare --dry-run as client, without eating the next word", () => {
    const p = parse("scale deploy x --dry-run --replicas=2");
    expect(p.dryRun).toBe("client");
    expect(p.classification).toBe("read");
    expect(p.args).toEqual(["deploy", "x"]);
  });

  it("stops reading flags after --", () => {
    expect(parse("get pods -- -weird").args).toEqual(["pods", "-weird"]);
  });

  it("says what is missing", () => {
    expect(parseCommand("get pods -o")).toMatchObject({
      ok: false,
      message: "flag needs an argument: -o",
    });
    expect(parseCommand("top")).toMatchObject({
      ok: false,
      message: '"top" needs one of: pod, node',
    });
  });
});
