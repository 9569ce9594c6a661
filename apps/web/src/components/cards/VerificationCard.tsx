import type { VerificationOutcome } from "@kubemedic/protocol";
import { memo } from "react";
import { formatDuration } from "../../lib/format";
import type { VerificationItem } from "../../stream/streamTypes";
import { Icon } from "../common/Icon";
import { useT } from "../../i18n/i18n";

/** Colour follows meaning: green resolved, amber partly or unknown, red not resolved or worse. */
const OUTCOME_BADGE: Record<VerificationOutcome, string> = {
  resolved: "badge badge-ok",
  improved: "badge badge-warn",
  unchanged: "badge badge-err",
  worse: "badge badge-critical",
  timed_out: "badge badge-warn",
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
  const t = useT();
  const r = item.result;
  const outcome =
    r === null
      ? null
      : { label: t.verification.outcome[r.outcome], badge: OUTCOME_BADGE[r.outcome] };
  return (
    <div
      className="card verification-card indent"
      data-testid="verification-card"
      data-outcome={r?.outcome ?? "running"}
    >
      <div className="card-head">
        {r === null ? (
          <span className="spinner" role="img" aria-label={t.verification.verifying} />
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
          {r === null ? t.verification.verifyingTitle : t.verification.title}
        </span>
        <span className="tool-meta">
          {outcome !== null && <span className={outcome.badge}>{outcome.label}</span>}
          <span>
            {formatDuration(item.elapsedMs)}
            {r === null && t.verification.of(formatDuration(item.deadlineMs))}
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
                  {c.waitingFor}: {c.state === "ok" ? t.verification.done : c.state}
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
                  <dt>{t.verification.fixed}</dt>
                  <dd>{list(r.resolved)}</dd>
                </>
              )}
              {r.remaining.length > 0 && (
                <>
                  <dt>{t.verification.stillFailing}</dt>
                  <dd>{list(r.remaining)}</dd>
                </>
              )}
              {r.appeared.length > 0 && (
                <>
                  <dt>{t.verification.newProblems}</dt>
                  <dd>{list(r.appeared)}</dd>
                </>
              )}
            </dl>
          )}
      </div>
    </div>
  );
});
