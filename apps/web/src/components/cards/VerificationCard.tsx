import type { VerificationOutcome } from "@kubemedic/protocol";
import { memo } from "react";
import { formatDuration } from "../../lib/format";
import type { VerificationItem } from "../../stream/streamTypes";
import { Icon } from "../common/Icon";

/** Colour follows meaning: green resolved, amber partly or unknown, red not resolved or worse. */
const OUTCOME: Record<VerificationOutcome, { label: string; badge: string }> = {
  resolved: { label: "resolved", badge: "badge badge-ok" },
  improved: { label: "improved", badge: "badge badge-warn" },
  unchanged: { label: "not resolved", badge: "badge badge-err" },
  worse: { label: "worse", badge: "badge badge-critical" },
  timed_out: { label: "timed out", badge: "badge badge-warn" },
};

const list = (items: readonly string[]) =>
  items.map((o) => o.replace(/^(\w+)\//, "$1 ")).join(", ");

/**
 * The watch after an approved change: what it waits for and for how long while it runs,
 * then the verdict and what changed. Shown live and from a stored turn alike.
 */
export const VerificationCard = memo(function VerificationCard({
  item,
}: {
  item: VerificationItem;
}) {
  const r = item.result;
  const outcome = r === null ? null : OUTCOME[r.outcome];
  return (
    <div
      className="card verification-card indent"
      data-testid="verification-card"
      data-outcome={r?.outcome ?? "running"}
    >
      <div className="card-head">
        {r === null ? (
          <span className="spinner" role="img" aria-label="verifying" />
        ) : (
          <Icon
            name={
              r.outcome === "resolved"
                ? "check"
                : r.outcome === "worse" || r.outcome === "unchanged"
                  ? "x"
                  : "clock"
            }
            className={`status-icon ${r.outcome === "resolved" ? "status-ok" : r.outcome === "worse" || r.outcome === "unchanged" ? "status-err" : "status-warn"}`}
          />
        )}
        <span className="verification-title">
          {r === null ? "Verifying the change…" : "Verification"}
        </span>
        <span className="tool-meta">
          {outcome !== null && <span className={outcome.badge}>{outcome.label}</span>}
          <span>
            {formatDuration(item.elapsedMs)}
            {r === null && ` of ${formatDuration(item.deadlineMs)}`}
          </span>
        </span>
      </div>
      <div className="card-body">
        {r !== null && <p className="verification-summary">{r.summary}</p>}
        {item.checks.length > 0 && (
          <ul className="verification-checks">
            {item.checks.map((c) => (
              <li key={c.object} data-state={c.state}>
                <span className={`dot dot-${c.state}`} aria-hidden="true" />
                <span className="mono">{c.object.replace(/^(\w+)\//, "$1 ")}</span>{" "}
                <span className="muted">
                  {c.waitingFor}: {c.state === "ok" ? "done" : c.state}
                  {c.detail ? ` (${c.detail})` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
        {r !== null &&
          (r.resolved.length > 0 || r.remaining.length > 0 || r.appeared.length > 0) && (
            <dl className="verification-changes small">
              {r.resolved.length > 0 && (
                <>
                  <dt>Fixed</dt>
                  <dd>{list(r.resolved)}</dd>
                </>
              )}
              {r.remaining.length > 0 && (
                <>
                  <dt>Still failing</dt>
                  <dd>{list(r.remaining)}</dd>
                </>
              )}
              {r.appeared.length > 0 && (
                <>
                  <dt>New problems</dt>
                  <dd>{list(r.appeared)}</dd>
                </>
              )}
            </dl>
          )}
      </div>
    </div>
  );
});
