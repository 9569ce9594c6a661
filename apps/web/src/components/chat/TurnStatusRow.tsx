import { memo } from "react";
import type { TurnScope } from "@kubemedic/protocol";
import type { TurnView } from "../../stream/streamTypes";
import { formatDuration } from "../../lib/format";
import { Icon } from "../common/Icon";

/** The line under a turn: what it is doing now, or how it ended (with "ask again" when it did not finish). */
export const TurnStatusRow = memo(function TurnStatusRow({
  turn,
  onAskAgain,
}: {
  turn: TurnView;
  onAskAgain: (() => void) | null;
}) {
  const again =
    onAskAgain === null ? null : (
      <button type="button" className="btn btn-sm" onClick={onAskAgain}>
        <Icon name="refresh" />
        Ask again
      </button>
    );
  switch (turn.status) {
    case "running": {
      const tool = turn.items.findLast((i) => i.kind === "tool" && i.status === "running");
      return (
        <div className="turn-status" data-testid="turn-status" data-status="running">
          <span className="spinner" aria-hidden="true" />
          {tool?.kind === "tool" ? `Running ${tool.tool}…` : "Investigating…"}
        </div>
      );
    }
    case "awaiting_approval":
      return (
        <div
          className="turn-status waiting"
          data-testid="turn-status"
          data-status="awaiting_approval"
        >
          <span className="dot dot-warn" aria-hidden="true" />
          Waiting for your approval
        </div>
      );
    case "completed":
      return (
        <div data-testid="turn-status" data-status="completed">
          <div className="turn-status">
            <span>
              {turn.durationMs === null ? "Done" : `Done in ${formatDuration(turn.durationMs)}`}
              {turn.model !== null && ` · ${turn.model}`}
              {turn.usage !== null &&
                ` · ${turn.usage.inputTokens + turn.usage.outputTokens} tokens`}
              {turn.scope !== null && (
                <span data-testid="turn-scope" title={scopeTitle(turn.scope)}>
                  {` · ${scopeLabel(turn.scope)}`}
                </span>
              )}
            </span>
            {turn.partial && (
              <span className="badge badge-warn">partial: a limit ended the turn</span>
            )}
          </div>
          <div className="turn-divider" />
        </div>
      );
    case "failed":
      return (
        <div
          className="turn-status failed"
          data-testid="turn-status"
          data-status="failed"
          role="status"
        >
          <Icon name="alert" />
          <span>
            Failed: {turn.error?.message ?? "the turn did not finish"}
            {turn.error?.code !== null && turn.error?.code !== undefined && (
              <span className="muted"> ({turn.error.code})</span>
            )}
          </span>
          {again}
        </div>
      );
    case "cancelled":
      return (
        <div className="turn-status" data-testid="turn-status" data-status="cancelled">
          <Icon name="stop" />
          Stopped
          {turn.cancelReason !== null && turn.cancelReason !== "" ? `: ${turn.cancelReason}` : ""}
          {again}
        </div>
      );
    case "interrupted":
      return (
        <div
          className="turn-status interrupted"
          data-testid="turn-status"
          data-status="interrupted"
          role="status"
        >
          <Icon name="alert" />
          Interrupted: the server stopped while this turn was running.
          {again}
        </div>
      );
  }
});

/** Where the turn looked, as the namespace picker would say it. */
function scopeLabel(scope: TurnScope): string {
  if (scope.allNamespaces) return "all namespaces";
  const focus =
    scope.focus === undefined ? "" : ` · ${scope.focus.kind.toLowerCase()}/${scope.focus.name}`;
  return `namespace ${scope.namespaces.join(", ")}${focus}`;
}

function scopeTitle(scope: TurnScope): string {
  switch (scope.source) {
    case "text":
      return "The question named it";
    case "conversation":
      return "Carried over from earlier in the conversation";
    case "picker":
      return "From the namespace picker";
    case "selection":
      return "From the selected object";
    case "none":
    case undefined:
      return "Nothing narrowed the question: every namespace";
  }
}
