import type { ApprovalDecision, ApprovalRequest, ObjectRef } from "@kubemedic/protocol";
import { memo, useState } from "react";
import type { ApprovalEntry, ApprovalItem } from "../../stream/streamTypes";
import { formatDateTime, resourceLabel } from "../../lib/format";
import { CopyButton } from "../common/CopyButton";
import { Icon } from "../common/Icon";
import { DiffView } from "./DiffView";
import { useT } from "../../i18n/i18n";

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
  const t = useT();
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
      aria-label={t.approval.label}
    >
      <div className="card-head">
        <Icon name="shield" />
        <span>{open ? t.approval.required(undecided.length) : t.approval.approval}</span>
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
              {t.approval.submit(undecided.length)}
            </button>
            {deciding && <span className="spinner" aria-label={t.approval.sending} />}
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
  const t = useT();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const request = entry.request;
  const line = `kubectl ${entry.command}`;
  return (
    <div className="approval-entry" data-testid="approval-entry">
      <div className="cmd-line">
        <code>{line}</code>
        <CopyButton text={line} className="icon-btn" showLabel={false} label={t.copy.command} />
      </div>
      {request !== null && (
        <dl className="kv">
          <dt>{t.approval.risk}</dt>
          <dd>
            <span
              className={`badge ${request.risk === "high" ? "badge-err" : request.risk === "medium" ? "badge-warn" : "badge-accent"}`}
            >
              {t.badges.risk[request.risk]}
            </span>
          </dd>
          <Targets request={request} />
          {request.reason !== "" && (
            <>
              <dt>{t.approval.why}</dt>
              <dd>{request.reason}</dd>
            </>
          )}
          <dt>{t.approval.change}</dt>
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
          <summary className="small">{t.approval.manifest}</summary>
          <pre className="output">{request.manifest}</pre>
        </details>
      )}

      {entry.decision !== null ? (
        <div className="decision" data-testid="approval-decision">
          <span
            className={`badge ${entry.decision.decision === "approve" ? "badge-ok" : "badge-err"}`}
          >
            {entry.decision.decision === "approve" ? t.approval.approved : t.approval.rejected}
          </span>
          <span>
            {t.approval.by}
            <strong>{entry.decision.by}</strong>
            {entry.decision.at !== "" && (
              <span className="muted"> · {formatDateTime(entry.decision.at)}</span>
            )}
            {entry.decision.reason !== undefined && <> — “{entry.decision.reason}”</>}
          </span>
        </div>
      ) : !active ? (
        <div className="decision muted">
          {turnEnded ? t.approval.noDecision : t.approval.waiting}
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
            {t.approval.whyNot}
          </label>
          <textarea
            id={`reason-${entry.toolCallId}`}
            rows={2}
            maxLength={2000}
            value={reason}
            autoFocus
            placeholder={t.approval.reasonPlaceholder}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="actions" style={{ marginTop: 0 }}>
            <button type="submit" className="btn btn-danger" disabled={deciding}>
              {t.approval.reject}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setRejecting(false)}>
              {t.approval.back}
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
            {single
              ? t.approval.approveAndRun
              : choice?.decision === "approve"
                ? t.approval.approvedMark
                : t.approval.approve}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={deciding}
            aria-pressed={single ? undefined : choice?.decision === "reject"}
            onClick={() => setRejecting(true)}
          >
            {!single && choice?.decision === "reject"
              ? t.approval.rejectedMark
              : t.approval.rejectOpen}
          </button>
          {deciding && <span className="spinner" aria-label={t.approval.sending} />}
        </div>
      )}
    </div>
  );
}

/** How many targets show before the rest fold away. @default 8 */
const TARGETS_SHOWN = 8;

/** The object a command touches, or all of them (`drain`, `delete -l`) with a count. */
function Targets({ request }: { request: ApprovalRequest }) {
  const t = useT();
  const targets = request.targets ?? [request.target];
  const omitted = request.targetsOmitted ?? 0;
  const total = targets.length + omitted;
  if (total <= 1) {
    return (
      <>
        <dt>{t.approval.target}</dt>
        <dd>
          <code>{resourceLabel(request.target)}</code>
        </dd>
      </>
    );
  }
  const chip = (o: ObjectRef, i: number) => (
    <code key={`${resourceLabel(o)}-${i}`} className="target">
      {resourceLabel(o)}
    </code>
  );
  return (
    <>
      <dt>{t.approval.targets}</dt>
      <dd data-testid="approval-targets">
        <strong>{t.approval.objects(total)}</strong>
        <div className="targets">
          {targets.slice(0, TARGETS_SHOWN).map(chip)}
          {targets.length > TARGETS_SHOWN && (
            <details>
              <summary className="small">{t.approval.more(targets.length - TARGETS_SHOWN)}</summary>
              <div className="targets">
                {targets.slice(TARGETS_SHOWN).map((o, i) => chip(o, i + TARGETS_SHOWN))}
              </div>
            </details>
          )}
        </div>
        {omitted > 0 && <div className="small muted">{t.approval.notListed(omitted)}</div>}
      </dd>
    </>
  );
}
