import { memo } from "react";
import type { ToolItem } from "../../stream/streamTypes";
import { formatDuration } from "../../lib/format";
import { ClassificationBadge } from "../common/badges";
import { CopyButton } from "../common/CopyButton";
import { Icon } from "../common/Icon";
import { ToolStatusIcon } from "./ToolStatusIcon";
import { useT } from "../../i18n/i18n";

/** Failures open by default: they are what the user needs to read. */
export function toolOpenByDefault(item: ToolItem): boolean {
  return item.status === "error" || item.status === "refused" || item.status === "timeout";
}

/** The command as typed at a shell (the protocol carries it without the binary). */
export function commandLine(item: Pick<ToolItem, "tool" | "command">): string {
  return item.tool === "kubectl" ? `kubectl ${item.command}` : `${item.tool} ${item.command}`;
}

export const ToolCard = memo(function ToolCard({
  item,
  open,
  onToggle,
}: {
  item: ToolItem;
  open: boolean;
  onToggle: (key: string, defaultOpen: boolean) => void;
}) {
  const t = useT();
  const bodyId = `tool-body-${item.key}`;
  const line = commandLine(item);
  return (
    <div className="card tool-card indent" data-testid="tool-card" data-status={item.status}>
      <button
        type="button"
        className="card-head"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => onToggle(item.key, toolOpenByDefault(item))}
      >
        <Icon name="chevron" className={`icon chev ${open ? "open" : ""}`} />
        <ToolStatusIcon status={item.status} />
        <span className="tool-cmd" title={line}>
          <span className="prompt">$</span>
          {line}
        </span>
        <span className="tool-meta">
          <ClassificationBadge classification={item.classification} />
          <span className="sr-only">{t.tool.status[item.status]}</span>
          {item.durationMs !== null && <span>{formatDuration(item.durationMs)}</span>}
        </span>
      </button>
      {open && (
        <div className="card-body" id={bodyId}>
          {item.output === null ? (
            <p className="muted small" style={{ margin: 0 }}>
              {item.status === "running" ? t.tool.runningOutput : t.tool.noOutput}
            </p>
          ) : (
            <ToolOutput text={item.output} truncated={item.truncated} />
          )}
          <div className="output-actions">
            <CopyButton text={line} label={t.copy.command} />
            {item.output !== null && item.output !== "" && (
              <CopyButton text={item.output} label={t.copy.output} />
            )}
            <span className="muted small" style={{ marginLeft: "auto" }}>
              {t.tool.status[item.status]}
            </span>
          </div>
        </div>
      )}
    </div>
  );
});

const MARKER = /truncated/i;

/**
 * Monospace output with the truncation marker set apart, so nobody mistakes a
 * bounded preview for the whole output.
 */
export function ToolOutput({ text, truncated }: { text: string; truncated: boolean }) {
  const t = useT();
  const lines = text.replace(/\n+$/, "").split("\n");
  let markerAt = -1;
  if (truncated) {
    for (let i = lines.length - 1; i >= Math.max(0, lines.length - 3); i--) {
      if (MARKER.test(lines[i] ?? "")) {
        markerAt = i;
        break;
      }
    }
  }
  const body = markerAt === -1 ? lines : lines.filter((_, i) => i !== markerAt);
  const marker = markerAt === -1 ? (truncated ? t.tool.truncated : null) : (lines[markerAt] ?? "");
  return (
    <pre className="output" data-testid="tool-output" tabIndex={0}>
      {body.join("\n")}
      {marker !== null && (
        <span className="trunc" data-testid="truncation-marker">
          {marker}
        </span>
      )}
    </pre>
  );
}
