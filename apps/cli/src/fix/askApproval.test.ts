import { PassThrough } from "node:stream";
import type { ApprovalRequest } from "@kubemedic/protocol";
import { describe, expect, it } from "vitest";
import { askApproval, isYes, LinePrompt, renderApprovalRequest } from "./askApproval";

const request: ApprovalRequest = {
  toolCallId: "call_1",
  tool: "kubectl",
  command: 'patch configmap app-config -n shop --type=merge -p \'{"data":{"DB_PORT":"5432"}}\'',
  reason: "DB_PORT points at 5433, where nothing listens.",
  risk: "medium",
  target: { kind: "ConfigMap", namespace: "shop", name: "app-config" },
  preview: {
    summary: "merge patch of configmap/app-config",
    diff: '--- live\n+++ proposed\n@@ -1,3 +1,3 @@\n data:\n-  DB_PORT: "5433"\n+  DB_PORT: "5432"\n',
    notes: ["the server's dry run succeeded"],
  },
};

/** A terminal made of two streams: what the test types, and what the prompt wrote. */
function terminal(): { input: PassThrough; output: PassThrough; written: () => string } {
  const input = new PassThrough();
  const output = new PassThrough();
  let text = "";
  output.on("data", (d: Buffer) => (text += d.toString()));
  return { input, output, written: () => text };
}

describe("isYes", () => {
  it.each([
    ["y", true],
    ["Y", true],
    [" yes ", true],
    ["YES", true],
    ["", false],
    ["n", false],
    ["no", false],
    ["yep", false],
    ["y es", false],
    [null, false],
  ])("%j → %s", (answer, expected) => {
    expect(isYes(answer)).toBe(expected);
  });
});

describe("askApproval", () => {
  it("shows the command, target, reason, notes and diff, then asks y/N", async () => {
    const t = terminal();
    const prompt = new LinePrompt(t.input, t.output);
    const answer = askApproval(prompt, t.output, request, 1, 2);
    t.input.write("y\n");
    expect(await answer).toBe(true);
    const shown = t.written();
    expect(shown).toContain(`Proposed change 1/2 (risk medium): kubectl ${request.command}`);
    expect(shown).toContain("  target: ConfigMap shop/app-config");
    expect(shown).toContain("  why: DB_PORT points at 5433");
    expect(shown).toContain("  note: the server's dry run succeeded");
    expect(shown).toContain('    -  DB_PORT: "5433"\n    +  DB_PORT: "5432"\n');
    expect(shown.endsWith("Apply this change? [y/N] ")).toBe(true);
    prompt.close();
  });

  it("declines on Enter, on any other answer and at end of input; answers typed ahead are kept in order", async () => {
    const t = terminal();
    const prompt = new LinePrompt(t.input, t.output);
    t.input.write("\nnope\ny\n");
    expect(await askApproval(prompt, t.output, request, 1, 4)).toBe(false);
    expect(await askApproval(prompt, t.output, request, 2, 4)).toBe(false);
    expect(await askApproval(prompt, t.output, request, 3, 4)).toBe(true);
    const last = askApproval(prompt, t.output, request, 4, 4);
    t.input.end();
    expect(await last).toBe(false);
    // After the end, further questions decline at once instead of waiting forever.
    expect(await askApproval(prompt, t.output, request, 4, 4)).toBe(false);
    prompt.close();
  });
});

describe("renderApprovalRequest", () => {
  it("cuts a long diff and says how much was left out; shows a manifest when there is no diff", () => {
    const long = {
      ...request,
      preview: {
        summary: "s",
        diff: Array.from({ length: 10 }, (_, i) => `+line ${i}`).join("\n"),
      },
    };
    const text = renderApprovalRequest(long, 1, 1, 4);
    expect(text).toContain("    +line 3\n    … 6 more line(s) of diff");
    expect(text).not.toContain("+line 4");
    const manifest = {
      ...request,
      manifest: "kind: StorageClass\nmetadata:\n  name: fast-ssd\n",
      preview: { summary: "create" },
    };
    expect(renderApprovalRequest(manifest, 1, 1)).toContain(
      "  manifest:\n    kind: StorageClass\n",
    );
    const bare = { ...request, preview: { summary: "restart" } };
    expect(renderApprovalRequest(bare, 1, 1)).toContain(
      "(no diff could be computed for this change)",
    );
  });
});
