import { useEffect, useState } from "react";
import { Icon } from "./Icon";
import { useT } from "../../i18n/i18n";

/** Copies `text`; falls back to a hidden textarea where the Clipboard API is not allowed (plain http). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    // execCommand is deprecated but is the only copy path outside secure contexts.
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

export function CopyButton({
  text,
  label,
  className = "btn btn-sm",
  showLabel = true,
}: {
  text: string;
  label?: string;
  className?: string;
  showLabel?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  const t = useT();
  const name = label ?? t.copy.copy;
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className={className}
      aria-label={showLabel ? undefined : name}
      title={name}
      onClick={(e) => {
        e.stopPropagation();
        void copyText(text).then(setCopied);
      }}
    >
      <Icon name={copied ? "check" : "copy"} />
      {showLabel && <span>{copied ? t.copy.copied : name}</span>}
      <span className="sr-only" aria-live="polite">
        {copied ? t.copy.toClipboard : ""}
      </span>
    </button>
  );
}
