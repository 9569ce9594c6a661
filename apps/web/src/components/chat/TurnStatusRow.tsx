import { memo } from "react";
import type { TurnScope } from "@kubemedic/protocol";
import type { TurnView } from "../../stream/streamTypes";
import type { Messages } from "../../i18n/messages.en";
import { formatDuration, formatNumber } from "../../lib/format";
import { Icon } from "../common/Icon";
import { useT } from "../../i18n/i18n";

/** The line under a turn: what it is doing now, or how it ended (with "ask again" when it did not finish). */
export const TurnStatusRow = memo(function TurnStatusRow({
  turn,
  onAskAgain,
}: {
  turn: TurnView;
  onAskAgain: (() => void) | null;
}) {
  const t = useT();
  const again =
    onAskAgain === null ? null : (
      <button type="button" className="btn btn-sm" onClick={onAskAgain}>
        <Icon name="refresh" />
        {t.turn.askAgain}
      </button>
    );
  switch (turn.status) {
    case "running": {
      const tool = turn.items.findLast((i) => i.kind === "tool" && i.status === "running");
      return (
        <div className="turn-status" data-testid="turn-status" data-status="running">
          <span className="spinner" aria-hidden="true" />
          {tool?.kind === "tool" ? t.turn.running(tool.tool) : t.turn.investigating}
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
          {t.turn.waiting}
        </div>
      );
    case "completed":
      return (
        <div data-testid="turn-status" data-status="completed">
          <div className="turn-status">
            <span>
              {turn.durationMs === null
                ? t.turn.done
                : t.turn.doneIn(formatDuration(turn.durationMs))}
              {turn.model !== null && ` · ${turn.model}`}
              {turn.usage !== null &&
                t.turn.tokens(formatNumber(turn.usage.inputTokens + turn.usage.outputTokens))}
              {turn.scope !== null && (
                <span data-testid="turn-scope" title={scopeTitle(turn.scope, t)}>
                  {` · ${scopeLabel(turn.scope, t)}`}
                </span>
              )}
            </span>
            {turn.partial && <span className="badge badge-warn">{t.turn.partial}</span>}
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
            {t.turn.failed(turn.error?.message ?? t.turn.didNotFinish)}
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
          {t.turn.stopped}
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
          {t.turn.interrupted}
          {again}
        </div>
      );
  }
});

/** Where the turn looked, as the namespace picker would say it. */
function scopeLabel(scope: TurnScope, t: Messages): string {
  if (scope.allNamespaces) return t.turn.scopeAll;
  const focus =
    scope.focus === undefined ? "" : ` · ${scope.focus.kind.toLowerCase()}/${scope.focus.name}`;
  return `${t.turn.scopeNs(scope.namespaces.join(", "))}${focus}`;
}

function scopeTitle(scope: TurnScope, t: Messages): string {
  return t.turn.scopeWhy[scope.source ?? "none"];
}
