import { lazy, Suspense } from "react";

const Markdown = lazy(() => import("./Markdown"));

/** Markdown once its chunk is loaded; the same text, unformatted, until then. */
export function MarkdownText({ text }: { text: string }) {
  return (
    <Suspense fallback={<div className="md plain">{text}</div>}>
      <Markdown text={text} />
    </Suspense>
  );
}
