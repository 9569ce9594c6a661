import {
  kubectlLine,
  reportMarkdown,
  type AffectedResource,
  type DiagnosisCause,
  type Recommendation,
} from "@kubemedic/protocol";
import { memo } from "react";
import { reportExportUrl } from "../../api/endpoints";
import { resourceLabel } from "../../lib/format";
import { findPlaceholder } from "../../lib/commandLine";
import { evidenceList } from "../../lib/evidenceList";
import type { ReportItem } from "../../stream/streamTypes";
import { RiskBadge, SeverityBadge } from "../common/badges";
import { CopyButton } from "../common/CopyButton";
import { Icon } from "../common/Icon";
import { useT } from "../../i18n/i18n";

/**
 * The structured diagnosis: what is wrong, how sure, the evidence with the
 * command it came from, what is affected (click a chip to ask about it), and
 * fixes ranked by risk — "run" asks the agent, which goes through approval.
 */
export const ReportCard = memo(function ReportCard({
  item,
  conversationId,
  onAsk,
  onRun,
  busy = false,
}: {
  item: ReportItem;
  conversationId: string;
  onAsk: (resource: AffectedResource) => void;
  /** Runs a concrete command; one with a placeholder goes to the message box instead. */
  onRun: (recommendation: Recommendation) => void;
  /** A turn is going on: nothing can run until it ends. */
  busy?: boolean;
}) {
  const t = useT();
  const { report } = item;
  const markdown = reportMarkdown(report);
  const causes = report.causes ?? [];
  return (
    <section
      className="card report-card indent"
      data-testid="report-card"
      aria-label={t.report.label}
    >
      <div className="card-head">
        <span className="report-title">
          <Icon name="shield" />
          {t.report.diagnosis}
        </span>
        <SeverityBadge severity={report.severity} />
        <span className="badge" data-testid="report-category">
          {report.category}
        </span>
        <span className="confidence" title={t.report.confidenceTitle}>
          <span className="meter" aria-hidden="true">
            <span style={{ width: `${Math.round(report.confidence * 100)}%` }} />
          </span>
          {Math.round(report.confidence * 100)}%
          <span className="sr-only">{t.report.confidence}</span>
        </span>
      </div>
      <div className="card-body">
        {item.degraded && (
          <p className="badge badge-warn" style={{ marginTop: 0 }}>
            {t.report.degraded}
          </p>
        )}
        <p className="report-summary">{report.summary}</p>
        {causes.length > 1 ? (
          <div className="report-causes" data-testid="report-causes">
            {causes.map((cause, i) => (
              <details className="report-cause" key={i} open data-testid="report-cause">
                <summary>
                  <span>{i + 1}.</span>
                  <SeverityBadge severity={cause.severity} />
                  <span className="badge" data-testid="cause-category">
                    {cause.category}
                  </span>
                  <span>{cause.summary}</span>
                </summary>
                <CauseBody cause={cause} onAsk={onAsk} onRun={onRun} busy={busy} />
              </details>
            ))}
          </div>
        ) : (
          <CauseBody cause={report} onAsk={onAsk} onRun={onRun} busy={busy} />
        )}

        <div className="actions">
          <ExportLink conversationId={conversationId} item={item} markdown={markdown} format="md" />
          <ExportLink
            conversationId={conversationId}
            item={item}
            markdown={markdown}
            format="json"
          />
          <CopyButton text={markdown} label={t.copy.markdown} />
        </div>
      </div>
    </section>
  );
});

/**
 * One cause (a whole report, or one of its causes): the root cause, the fixes
 * right under it, what is affected, then the evidence, folded and without repeats.
 */
function CauseBody({
  cause,
  onAsk,
  onRun,
  busy,
}: {
  cause: DiagnosisCause;
  onAsk: (resource: AffectedResource) => void;
  onRun: (recommendation: Recommendation) => void;
  busy: boolean;
}) {
  const t = useT();
  const evidence = evidenceList(cause.evidence);
  return (
    <>
      <div className="section-label">{t.report.rootCause}</div>
      <div className="root-cause" data-testid="report-root-cause">
        {cause.rootCause}
      </div>

      {cause.recommendations.length > 0 && (
        <>
          <div className="section-label">{t.report.fixes}</div>
          <ol className="recs">
            {cause.recommendations.map((r, i) => (
              <li className="rec" key={i} data-testid="recommendation">
                <div className="rec-head">
                  <span>
                    {i + 1}. {r.title}
                  </span>
                  <RiskBadge risk={r.risk} />
                  {r.requiresApproval && (
                    <span className="badge badge-mut">{t.report.needsApproval}</span>
                  )}
                </div>
                {r.rationale !== "" && <p>{r.rationale}</p>}
                {r.command !== undefined && (
                  <RecommendedCommand
                    line={kubectlLine(r.command)}
                    busy={busy}
                    onRun={() => onRun(r)}
                  />
                )}
              </li>
            ))}
          </ol>
        </>
      )}
      {cause.affectedResources.length > 0 && (
        <>
          <div className="section-label">{t.report.affected}</div>
          <div className="chips">
            {cause.affectedResources.map((r, i) => (
              <button
                type="button"
                key={`${resourceLabel(r)}-${i}`}
                className={`chip ${i === 0 ? "root" : ""}`}
                title={t.report.askAbout(resourceLabel(r))}
                data-testid="resource-chip"
                onClick={() => onAsk(r)}
              >
                {resourceLabel(r)}
                {r.status !== undefined && <span className="chip-status">{r.status}</span>}
              </button>
            ))}
          </div>
        </>
      )}

      {evidence.length > 0 && (
        <details className="report-evidence" data-testid="report-evidence">
          <summary className="section-label">
            {t.report.evidence} <span className="count">({evidence.length})</span>
          </summary>
          <div className="evidence">
            {evidence.map((e, i) => (
              <div className="evidence-item" key={i} data-testid="evidence-item">
                <div className="evidence-src">
                  <span className="badge">{e.source}</span>
                  {e.line !== null && (
                    <code title={e.line} data-testid="evidence-command">
                      {e.line}
                    </code>
                  )}
                </div>
                <pre>{e.excerpt}</pre>
              </div>
            ))}
          </div>
        </details>
      )}
    </>
  );
}

/**
 * A recommended command with copy and "Run". A command with a placeholder
 * (`<value>`) cannot run as written: its button puts it in the message box to
 * be completed instead. Running waits while a turn is going on.
 */
function RecommendedCommand({
  line,
  busy,
  onRun,
}: {
  line: string;
  busy: boolean;
  onRun: () => void;
}) {
  const t = useT();
  const placeholder = findPlaceholder(line);
  return (
    <div className="cmd-line">
      <code>{line}</code>
      <CopyButton text={line} className="icon-btn" showLabel={false} label={t.copy.command} />
      {placeholder === null ? (
        <button
          type="button"
          className="btn btn-sm"
          disabled={busy}
          title={busy ? t.report.waitTurn : t.report.askRun}
          data-testid="run-recommendation"
          onClick={onRun}
        >
          <Icon name="play" />
          {t.report.run}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-sm"
          title={t.report.fillIn(line.slice(placeholder.start, placeholder.end))}
          data-testid="edit-recommendation"
          onClick={onRun}
        >
          <Icon name="pencil" />
          {t.report.edit}
        </button>
      )}
    </div>
  );
}

/** A stored report downloads from the server's export; a live one is built here. */
function ExportLink({
  conversationId,
  item,
  markdown,
  format,
}: {
  conversationId: string;
  item: ReportItem;
  markdown: string;
  format: "md" | "json";
}) {
  const label = format === "md" ? "Markdown" : "JSON";
  const file = `kubemedic-report-${item.report.category}.${format}`;
  if (item.reportId !== null) {
    return (
      <a
        className="btn btn-sm"
        href={reportExportUrl(conversationId, item.reportId, format)}
        download={file}
      >
        <Icon name="download" />
        {label}
      </a>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-sm"
      onClick={() => {
        const body = format === "md" ? markdown : `${JSON.stringify(item.report, null, 2)}\n`;
        const url = URL.createObjectURL(
          new Blob([body], { type: format === "md" ? "text/markdown" : "application/json" }),
        );
        const a = document.createElement("a");
        a.href = url;
        a.download = file;
        a.click();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      }}
    >
      <Icon name="download" />
      {label}
    </button>
  );
}
