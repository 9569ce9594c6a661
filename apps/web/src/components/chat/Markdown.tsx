import { isValidElement, type ReactNode } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CopyButton } from "../common/CopyButton";
import { useT } from "../../i18n/i18n";

/**
 * Assistant text as GitHub-flavoured Markdown. Raw HTML is not rendered (no
 * rehype-raw) and react-markdown drops `javascript:` links, so model output
 * cannot inject markup. Images are not loaded, only linked: a prompt-injected
 * model could otherwise send data to another host in an image's URL the moment
 * the answer renders (the CSP's `img-src 'self'` refuses them as well).
 * Loaded lazily: the first paint does not need it.
 */
export default function Markdown({ text }: { text: string }) {
  return (
    <div className="md">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}

const components: Components = {
  pre: ({ children }) => {
    const code = textOf(children).replace(/\n$/, "");
    return (
      <div className="code-block">
        <pre>{children}</pre>
        <CodeCopy code={code} />
      </div>
    );
  },
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
  img: ({ src, alt }) => <ImageLink src={typeof src === "string" ? src : ""} alt={alt ?? ""} />,
};

function CodeCopy({ code }: { code: string }) {
  const t = useT();
  return <CopyButton text={code} className="icon-btn copy" showLabel={false} label={t.copy.code} />;
}

/** An image of model text, shown as its link (never fetched): "image: alt (url)". */
function ImageLink({ src, alt }: { src: string; alt: string }) {
  const t = useT();
  const label = alt.trim() === "" ? src : `${alt} (${src})`;
  if (src === "")
    return (
      <span className="md-image">
        {t.markdown.image}
        {alt}
      </span>
    );
  return (
    <a
      className="md-image"
      href={src}
      target="_blank"
      rel="noopener noreferrer"
      title={t.markdown.imageTitle}
    >
      {t.markdown.image}
      {label}
    </a>
  );
}

/** The text content of rendered children (a code block's source). */
export function textOf(node: ReactNode): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return "";
}
