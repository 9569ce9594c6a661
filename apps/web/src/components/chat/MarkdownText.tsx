import { lazy, Suspense, type ComponentType } from "react";

type MarkdownComponent = ComponentType<{ text: string }>;

let loaded: MarkdownComponent | null = null;
let loading: Promise<{ default: MarkdownComponent }> | null = null;

/**
 * Starts loading the Markdown chunk (react-markdown + remark-gfm, kept out of the
 * initial JS). main.tsx calls it right after the first paint, so the chunk is
 * there before the first answer arrives; a failed load is retried on next use.
 */
export function preloadMarkdown(): Promise<{ default: MarkdownComponent }> {
  loading ??= import("./Markdown").then(
    (module) => {
      loaded = module.default;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const LazyMarkdown = lazy(preloadMarkdown);

/**
 * Markdown once its chunk is loaded; the same text, unformatted, until then.
 * A loaded chunk renders directly: `lazy` would still suspend for a tick on
 * each new message and flash the raw text.
 */
export function MarkdownText({ text }: { text: string }) {
  if (loaded !== null) {
    const Markdown = loaded;
    return <Markdown text={text} />;
  }
  return (
    <Suspense fallback={<div className="md plain">{text}</div>}>
      <LazyMarkdown text={text} />
    </Suspense>
  );
}
