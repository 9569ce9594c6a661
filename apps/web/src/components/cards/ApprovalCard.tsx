import type { ApprovalDecision, ApprovalRequest, ObjectRef } from "@kubemedic/protocol";
import { memo, useState } from "react";
import type { ApprovalEntry, ApprovalItem } from "../../stream/streamTypes";
import { formatDateTime, resourceLabel } from "../../lib/format";
import { CopyButton } from "../common/CopyButton";
import { Icon } from "../common/Icon";
import { DiffView } from "./DiffView";

type Choice = { decision: "approve" | "reject"; reason: string };

/**
 * Mutating commands waiting for the user. Nothing runs until "Approve"; a
 * rejection carries a reason back to the agent. Once decided (or while the
 * decision is on its way) the buttons are gone or disabled, and the card shows
 * who decided what.
 */
export const ApprovalCard = memo(function ApprovalCard({
  item,
  pending,
  deciding,
  onDecide,
}: {
  item: ApprovalItem;
  /** The turn is waiting on this card. */
  pending: boolean;
  deciding: boolean;
  onDecide: (decisions: ApprovalDecision[]) => void;
}) {
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const undecided = item.entries.filter((e) => e.decision === null);
  const open = pending && undecided.length > 0;
  const single = undecided.length === 1;

  const submit = (next: Record<string, Choice>) => {
    const decisions = undecided.map((e): ApprovalDecision => {
      const c = next[e.toolCallId] ?? { decision: "reject", reason: "" };
      return {
        toolCallId: e.toolCallId,
        decision: c.decision,
        ...(c.decision === "reject" && c.reason.trim() !== "" ? { reason: c.reason.trim() } : {}),
      };
    });
    onDecide(decisions);
  };
  const choose = (id: string, choice: Choice, submitNow: boolean) => {
    const next = { ...choices, [id]: choice };
    setChoices(next);
    if (submitNow) submit(next);
  };

  return (
    <section
      className={`card approval-card indent ${open ? "" : "decided"}`}
      data-testid="approval-card"
      data-pending={open}
      aria-label="Approval required"
    >
      <div className="card-head">
        <Icon name="shield" />
        <span>
          {open
            ? `Approval required: ${undecided.length === 1 ? "a command changes" : `${undecided.length} commands change`} the cluster`
            : "Approval"}
        </span>
      </div>
      <div className="card-body">
        {item.entries.map((entry) => (
          <EntryView
            key={entry.toolCallId}
            entry={entry}
            active={open && entry.decision === null}
            single={single}
            deciding={deciding}
            choice={choices[entry.toolCallId]}
            onChoose={(choice, submitNow) => choose(entry.toolCallId, choice, submitNow)}
            turnEnded={!pending}
          />
        ))}
        {open && !single && (
          <div className="actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={deciding || undecided.some((e) => choices[e.toolCallId] === undefined)}
              onClick={() => submit(choices)}
            >
              Submit {undecided.length} decisions
            </button>
            {deciding && <span className="spinner" aria-label="sending the decision" />}
          </div>
        )}
      </div>
    </section>
  );
});

function EntryView({
  entry,
  active,
  single,
  deciding,
  choice,
  onChoose,
  turnEnded,
}: {
  entry: ApprovalEntry;
  active: boolean;
  single: boolean;
  deciding: boolean;
  choice: Choice | undefined;
  onChoose: (choice: Choice, submitNow: boolean) => void;
  turnEnded: boolean;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const request = entry.request;
  const line = `kubectl ${entry.command}`;
  return (
    <div className="approval-entry" data-testid="approval-entry">
      <div className="cmd-line">
        <code>{line}</code>
        <CopyButton text={line} className="icon-btn" showLabel={false} label="Copy command" />
      </div>
      {request !== null && (
        <dl className="kv">
          <dt>Risk</dt>
          <dd>
            <span
              className={`badge ${request.risk === "high" ? "badge-err" : request.risk === "medium" ? "badge-warn" : "badge-accent"}`}
            >
              {request.risk} risk
            </span>
          </dd>
          <Targets request={request} />
          {request.reason !== "" && (
            <>
              <dt>Why</dt>
              <dd>{request.reason}</dd>
            </>
          )}
          <dt>Change</dt>
          <dd>{request.preview.summary}</dd>
        </dl>
      )}
      {request?.preview.notes !== undefined && request.preview.notes.length > 0 && (
        // Before the diff: an empty or partial preview must not be read as "nothing changes".
        <div className="preview-notes" role="note" data-testid="approval-notes">
          <Icon name="alert" />
          <ul>
            {request.preview.notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        </div>
      )}
      {request?.preview.diff !== undefined && request.preview.diff !== "" ? (
        <DiffView diff={request.preview.diff} />
      ) : (
        request?.preview.before !== undefined &&
        request.preview.after !== undefined && (
          <DiffView
            diff={[
              ...request.preview.before.split("\n").map((l) => `-${l}`),
              ...request.preview.after.split("\n").map((l) => `+${l}`),
            ].join("\n")}
          />
        )
      )}
      {request?.manifest !== undefined && (
        <details style={{ marginTop: 8 }}>
          <summary className="small">Manifest</summary>
          <pre className="output">{request.manifest}</pre>
        </details>
      )}

      {entry.decision !== null ? (
        <div className="decision" data-testid="approval-decision">
          <span
            className={`badge ${entry.decision.decision === "approve" ? "badge-ok" : "badge-err"}`}
          >
            {entry.decision.decision === "approve" ? "Approved" : "Rejected"}
          </span>
          <span>
            by <strong>{entry.decision.by}</strong>
            {entry.decision.at !== "" && (
              <span className="muted"> · {formatDateTime(entry.decision.at)}</span>
            )}
            {entry.decision.reason !== undefined && <> — “{entry.decision.reason}”</>}
          </span>
        </div>
      ) : !active ? (
        <div className="decision muted">
          {turnEnded ? "No decision was made before the turn ended." : "Waiting…"}
        </div>
      ) : rejecting ? (
        <form
          className="reject-form"
          onSubmit={(e) => {
            e.preventDefault();
            onChoose({ decision: "reject", reason }, single);
            if (!single) setRejecting(false);
          }}
        >
          <label className="small muted" htmlFor={`reason-${entry.toolCallId}`}>
            Why not? The agent reads this.
          </label>
          <textarea
            id={`reason-${entry.toolCallId}`}
            rows={2}
            maxLength={2000}
            value={reason}
            autoFocus
            placeholder="e.g. not during business hours"
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="actions" style={{ marginTop: 0 }}>
            <button type="submit" className="btn btn-danger" disabled={deciding}>
              Reject
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setRejecting(false)}>
              Back
            </button>
          </div>
        </form>
      ) : (
        <div className="actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={deciding}
            aria-pressed={single ? undefined : choice?.decision === "approve"}
            onClick={() => onChoose({ decision: "approve", reason: "" }, single)}
          >
            <Icon name="play" />
            {single ? "Approve and run" : choice?.decision === "approve" ? "Approved ✓" : "Approve"}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={deciding}
            aria-pressed={single ? undefined : choice?.decision === "reject"}
            onClick={() => setRejecting(true)}
          >
            {!single && choice?.decision === "reject" ? "Rejected ✓" : "Reject…"}
          </button>
          {deciding && <span className="spinner" aria-label="sending the decision" />}
        </div>
      )}
    </div>
  );
}

/** How many targets show before the rest fold away. @default 8 */
const TARGETS_SHOWN = 8;

/** The object a command touches, or all of them (`drain`, `delete -l`) with a count. */
function Targets({ request }: { request: ApprovalRequest }) {
  const targets = request.targets ?? [request.target];
  const omitted = request.targetsOmitted ?? 0;
  const total = targets.length + omitted;
  if (total <= 1) {
    return (
      <>
        <dt>Target</dt>
        <dd>
          <code>{resourceLabel(request.target)}</code>
        </dd>
      </>
    );
  }
  const chip = (t: ObjectRef, i: number) => (
    <code key={`${resourceLabel(t)}-${i}`} className="target">
      {resourceLabel(t)}
    </code>
  );
  return (
    <>
      <dt>Targets</dt>
      <dd data-testid="approval-targets">
        <strong>{total} objects</strong>
        <div className="targets">
          {targets.slice(0, TARGETS_SHOWN).map(chip)}
          {targets.length > TARGETS_SHOWN && (
            <details>
              <summary className="small">{targets.length - TARGETS_SHOWN} more</summary>
              <div className="targets">
                {targets.slice(TARGETS_SHOWN).map((t, i) => chip(t, i + TARGETS_SHOWN))}
              </div>
            </details>
          )}
        </div>
        {omitted > 0 && (
          <div className="small muted">…and {omitted} more not listed in the request.</div>
        )}
      </dd>
    </>
  );
}
