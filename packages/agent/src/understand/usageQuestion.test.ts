import { describe, expect, it } from "vitest";
import { parseIntent } from "../intent";
import { usageCommand } from "./usageQuestion";

describe("usageCommand", () => {
  it.each([
    ["which pod uses the most memory?", undefined, "top pods -A --sort-by=memory"],
    ["which pod uses the most memory?", "shop", "top pods -n shop --sort-by=memory"],
    ["what is eating CPU in my pods", "shop", "top pods -n shop --sort-by=cpu"],
    [
      "memory usage per container",
      "analytics",
      "top pods -n analytics --sort-by=memory --containers",
    ],
    ["which node has the highest cpu usage?", undefined, "top nodes --sort-by=cpu"],
    ["how busy are the nodes?", undefined, "top nodes"],
    ["top pods", "shop", "top pods -n shop"],
    ["哪个 pod 内存占用最高", "shop", "top pods -n shop --sort-by=memory"],
  ])("%s (%s) → %s", (text, ns, command) => {
    expect(usageCommand(text, ns)).toBe(command);
  });

  it.each([
    "why was report-worker OOMKilled?",
    "what is the memory limit of checkout?",
    "why is checkout failing in shop?",
    "show me the top of the logs",
  ])("leaves %s alone", (text) => {
    expect(usageCommand(text, "shop")).toBeUndefined();
  });

  it("makes a usage question a command intent, scoped like any read", () => {
    expect(parseIntent("which pod uses the most memory in the analytics namespace?")).toMatchObject(
      {
        kind: "command",
        command: "top pods -n analytics --sort-by=memory",
      },
    );
    // A fix that names usage stays a fix.
    expect(parseIntent("restart the pod using the most memory in shop").kind).toBe("fix");
  });
});
