import { describe, expect, it } from "vitest";
import { acceptCommand } from "./acceptCommand";
import type { ParsedCommand } from "./parseCommand";
import { parseCommand } from "./parseCommand";

function parsed(line: string): ParsedCommand {
  const result = parseCommand(line);
  if (!result.ok) throw new Error(result.message);
  return result.command;
}

/** What a checkpoint gives back: the command through JSON. */
function restored(line: string): ParsedCommand {
  return JSON.parse(JSON.stringify(parsed(line))) as ParsedCommand;
}

function tampered(line: string, change: Record<string, unknown>): ParsedCommand {
  return { ...restored(line), ...change };
}

describe("acceptCommand", () => {
  it("takes a parsed command back from JSON as what the line parses to", () => {
    for (const line of [
      "get pods -Aowide",
      "logs x --tail=-1 --previous --since 90s -c app -n shop",
      "scale deploy/checkout --replicas 3 -n shop",
      "apply -f - --dry-run=server",
      "rollout restart deployment checkout",
    ]) {
      const fromLine = acceptCommand(line);
      const fromData = acceptCommand(restored(line));
      expect(fromData).toEqual(fromLine);
      expect(fromData.ok).toBe(true);
    }
    const view = acceptCommand(restored("get pods -L app -L tier -n shop"));
    expect(view.ok && view.view.flags.strings("label-columns")).toEqual(["app", "tier"]);
    expect(view.ok && view.view.spec.name).toBe("get");
  });

  it("derives the classification and the namespace again instead of trusting them", () => {
    const claimsRead = acceptCommand(
      tampered("scale deploy/checkout --replicas=0 -n shop", { classification: "read" }),
    );
    expect(claimsRead.ok && claimsRead.command.classification).toBe("mutating");
    const otherNamespace = acceptCommand(
      tampered("delete pod x -n shop", { namespace: "kube-system" }),
    );
    expect(otherNamespace.ok && otherNamespace.command.namespace).toBe("shop");
  });

  it("refuses what the parser refuses, however the data was written", () => {
    const cases: [ParsedCommand, RegExp][] = [
      [tampered("get pods", { verb: "exec" }), /unknown command "exec"/],
      [tampered("get pods", { verb: "constructor" }), /unknown command/],
      [tampered("get pods", { verb: "rollout destroy" }), /unknown command/],
      [tampered("cluster-info", { args: ["dump"] }), /cluster-info dump/],
      [tampered("get pods", { flags: { kubeconfig: "/etc/k" } }), /other credentials/],
      [tampered("get pods", { flags: { as: "admin" } }), /impersonates/],
      [tampered("get pods", { flags: { replicas: 3 } }), /unknown flag: --replicas/],
      [tampered("get pods", { flags: { watch: true } }), /watching is not supported/],
      [tampered("get pods", { flags: { "all-namespaces": "yes" } }), /expected true or false/],
      [tampered("scale deploy x", { flags: { replicas: 1.5 } }), /expected an integer/],
      [tampered("get pods", { flags: { namespace: "Not_Valid" } }), /invalid namespace/],
      [tampered("apply -f -", { flags: { filename: ["/etc/passwd"] } }), /never reads local files/],
      [tampered("get pods", { args: "pods" }), /list of words/],
      [tampered("get pods", { flags: ["output"] }), /object of values/],
    ];
    for (const [command, message] of cases) {
      const result = acceptCommand(command);
      expect(result.ok, JSON.stringify(command)).toBe(false);
      expect(!result.ok && result.message).toMatch(message);
    }
  });
});
