import { memo } from "react";
import type { EarlierSummary } from "@kubemedic/protocol";
import { useT } from "../../i18n/i18n";
import { MarkdownText } from "./MarkdownText";

/**
 * Where the assistant's memory of the conversation turns into a summary: the
 * turns above no longer fit its context, so from this turn on it works from
 * this summary of them (what was asked, found, changed and verified). Folded
 * by default; the turns themselves stay on screen in full.
 */
export const EarlierNote = memo(function EarlierNote({ summary }: { summary: EarlierSummary }) {
  const t = useT();
  return (
    <details className="earlier-note" data-testid="earlier-summary" data-via={summary.via}>
      <summary>
        {t.turn.earlier(summary.turns)}
        {summary.via === "model" ? t.turn.earlierByModel : ""}
      </summary>
      <div className="earlier-note-text">
        <MarkdownText text={summary.text} />
      </div>
    </details>
  );
});
