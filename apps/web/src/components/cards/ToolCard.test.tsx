import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ToolItem } from "../../stream/streamTypes";
import { commandLine, ToolCard, toolOpenByDefault, ToolOutput } from "./ToolCard";

const item = (over: Partial<ToolItem> = {}): ToolItem => ({
  kind: "tool",
  key: "t:1",
  toolCallId: "1",
  tool: "kubectl",
  command: "get pods -n shop",
  classification: "read",
  status: "ok",
  startedAt: "",
  durationMs: 1234,
  output: "NAME READY\ncheckout 0/1\n… truncated: 40 more lines",
  truncated: true,
  ...over,
});

describe("ToolCard", () => {
  it("shows the command as typed, its classification and duration; the body only when open", () => {
    const closed = renderToStaticMarkup(
      <ToolCard item={item()} open={false} onToggle={() => undefined} />,
    );
    expect(closed).toContain("kubectl get pods -n shop");
    expect(closed).toContain(">read<");
    expect(closed).toContain("1.2 s");
    expect(closed).toContain('aria-expanded="false"');
    expect(closed).not.toContain("tool-output");
    const open = renderToStaticMarkup(<ToolCard item={item()} open onToggle={() => undefined} />);
    expect(open).toContain('data-testid="tool-output"');
  });

  it("opens failures by default and marks a running call", () => {
    expect(toolOpenByDefault(item({ status: "error" }))).toBe(true);
    expect(toolOpenByDefault(item({ status: "ok" }))).toBe(false);
    const running = renderToStaticMarkup(
      <ToolCard
        item={item({ status: "running", output: null, durationMs: null })}
        open
        onToggle={() => undefined}
      />,
    );
    expect(running).toContain('data-status="running"');
    expect(running).toContain('aria-label="running"');
    expect(running).toContain("Running…");
  });

  it("names other tools by their own name", () => {
    expect(commandLine({ tool: "k8sgpt", command: "analyze -n shop" })).toBe(
      "k8sgpt analyze -n shop",
    );
  });
});

describe("ToolOutput", () => {
  it("sets the truncation marker apart so a preview never passes for the whole output", () => {
    const html = renderToStaticMarkup(
      <ToolOutput text={"a\nb\n… truncated: 40 more lines\n"} truncated />,
    );
    expect(html).toContain('data-testid="truncation-marker"');
    expect(html).toMatch(/<span class="trunc"[^>]*>… truncated: 40 more lines<\/span>/);
    expect(html).toContain("a\nb");
  });

  it("adds a marker when the output is cut without one", () => {
    const html = renderToStaticMarkup(<ToolOutput text="a" truncated />);
    expect(html).toContain("… output truncated");
  });

  it("shows no marker for a whole output, even one that mentions truncation", () => {
    const html = renderToStaticMarkup(
      <ToolOutput text="log: table truncated by job" truncated={false} />,
    );
    expect(html).not.toContain("truncation-marker");
  });
});
