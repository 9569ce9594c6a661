import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownText, preloadMarkdown } from "./MarkdownText";

describe("MarkdownText", () => {
  it("shows plain text until the chunk is loaded, then formats without suspending (regression: literal backticks)", async () => {
    const text = "Running `kubectl scale deployment/checkout`.";
    // Not loaded yet: the text as is (renderToStaticMarkup shows the fallback).
    expect(renderToStaticMarkup(<MarkdownText text={text} />)).toContain(
      '<div class="md plain">Running `kubectl scale deployment/checkout`.</div>',
    );
    await preloadMarkdown();
    // Preloaded: the very first render of a new message is formatted.
    const html = renderToStaticMarkup(<MarkdownText text={text} />);
    expect(html).toContain("<code>kubectl scale deployment/checkout</code>");
    expect(html).not.toContain("`");
  });
});
