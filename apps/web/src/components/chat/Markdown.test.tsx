import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import Markdown, { textOf } from "./Markdown";

describe("Markdown", () => {
  it("renders a fenced code block with a copy button", () => {
    const html = renderToStaticMarkup(
      <Markdown text={"Try this:\n\n```sh\nkubectl get pods -n shop\n```\n"} />,
    );
    expect(html).toMatch(
      /<div class="code-block"><pre><code class="language-sh">kubectl get pods -n shop\n?<\/code><\/pre>/,
    );
    expect(html).toContain('aria-label="Copy code"');
    expect(html).not.toContain("```");
  });

  it("renders inline code, lists and tables, and no raw HTML", () => {
    const html = renderToStaticMarkup(
      <Markdown
        text={
          "Running `kubectl scale`.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<img src=x onerror=alert(1)>"
        }
      />,
    );
    expect(html).toContain("<code>kubectl scale</code>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<table>");
    expect(html).not.toContain("<img");
  });

  it("textOf reads a code block's source out of rendered children", () => {
    expect(textOf(["a", 1, null, <b key="b">c</b>])).toBe("a1c");
  });
});
