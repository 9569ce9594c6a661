import { memo } from "react";
import type { EarlierSummary } from "@kubemedic/protocol";
import { MarkdownText } from "./MarkdownText";

/**
 * Where the assistant's memory of the conversation turns into a summary: the
 * turns above no longer fit its context, so from this turn on it works from
 * this summary of them (what was asked, found, changed and verified). Folded
 * by default; the turns themselves stay on screen in full.
 */
export const EarlierNote = memo(function EarlierNote({ summary }: { summary: EarlierSummary }) {
  const turns = `${summary.turns} earlier turn${summary.turns === 1 ? "" : "s"}`;
  return (
    <details className="earlier-note" data-testid="earlier-summary" data-via={summary.via}>
      <summary>
        Earlier in this conversation · {turns} summarized for the assistant
        {summary.via === "model" ? " by the model" : ""}
      </summary>
      <div className="earlier-note-text">
        <MarkdownText text={summary.text} />
      </div>
    </details>
  );
});
