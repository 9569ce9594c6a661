import type { ObjectRef, RootCauseCandidate } from "@kubemedic/protocol";
import { useMemo, useState } from "react";
import { useScan } from "../../api/hooks";
import { describeError } from "../../api/WebError";
import { useClient, useUi } from "../../app/clientContext";
import { formatDuration, resourceLabel } from "../../lib/format";
import {
  groupCandidates,
  groupScan,
  investigateQuestion,
  type ScanFinding,
} from "../../lib/scanGroups";
import { SeverityBadge } from "../common/badges";
import { Icon } from "../common/Icon";
import { useT } from "../../i18n/i18n";

/** The skip link's target on the scan page. */
export const SCAN_ID = "scan-findings";

/**
 * The analyzers' view of a namespace (k8sgpt-compatible findings), with the
 * correlated root-cause candidates on top. "Investigate" starts a conversation
 * about one finding, scoped to its object.
 */
export function ScanView() {
  const client = useClient();
  const context = useUi((s) => s.clusterContext);
  const namespace = useUi((s) => s.namespace);
  const scan = useScan(context, namespace, true);
  const t = useT();
  const groups = useMemo(() => (scan.data === undefined ? [] : groupScan(scan.data)), [scan.data]);
  const candidateGroups = useMemo(
    () => groupCandidates(scan.data?.candidates ?? []),
    [scan.data?.candidates],
  );
  const [starting, setStarting] = useState<string | null>(null);

  const investigate = (key: string, question: string, about: ObjectRef) => {
    setStarting(key);
    client
      .startConversation(question, about)
      .catch((error: unknown) =>
        client.notices.setState((l) => [
          ...l,
          { id: Date.now(), text: t.scan.couldNotStart(describeError(error)) },
        ]),
      )
      .finally(() => setStarting(null));
  };

  return (
    <div className="scan" id={SCAN_ID} tabIndex={-1} data-testid="scan-view">
      <div className="scan-inner">
        <div className="scan-head">
          <h1>
            {t.scan.findingsIn}
            {namespace === null ? t.scan.allNamespaces : <code>{namespace}</code>}
          </h1>
          {scan.data !== undefined && (
            <span className="muted small">
              {[
                t.scan.problems(scan.data.analysis.problems),
                scan.data.analysis.provider,
                formatDuration(scan.data.durationMs),
              ]
                .filter((part) => part !== "")
                .join(" · ")}
            </span>
          )}
          <button
            type="button"
            className="btn btn-sm"
            disabled={scan.isFetching}
            onClick={() => void scan.refetch()}
          >
            <Icon name="refresh" />
            {scan.isFetching ? t.scan.scanning : t.scan.again}
          </button>
        </div>

        {scan.isLoading && (
          <div aria-busy="true">
            <div className="skeleton" />
            <div className="skeleton" style={{ width: "80%" }} />
            <div className="skeleton" style={{ width: "60%" }} />
          </div>
        )}
        {scan.isError && (
          <div className="banner banner-error" role="alert">
            <Icon name="alert" />
            {describeError(scan.error)}
          </div>
        )}
        {scan.data?.analysis.errors?.map((e) => (
          <div className="banner banner-offline" key={e}>
            <Icon name="alert" />
            {e}
          </div>
        ))}

        {candidateGroups.length > 0 && (
          <section className="sev-group" aria-label={t.scan.likely}>
            <h2>{t.scan.likely}</h2>
            {candidateGroups.map((group) => (
              <div
                key={group.severity}
                data-testid="candidate-group"
                data-severity={group.severity}
              >
                <h3 className="cand-group-head">
                  <SeverityBadge severity={group.severity} />
                  <span className="muted small">{t.scan.causes(group.candidates.length)}</span>
                </h3>
                <div className="candidates">
                  {group.candidates.map(({ candidate: c, index: i }) => (
                    <CandidateCard
                      key={`${resourceLabel(c.primary)}-${i}`}
                      candidate={c}
                      busy={starting === `cand-${i}`}
                      onInvestigate={() =>
                        investigate(
                          `cand-${i}`,
                          t.scan.investigateQuestion(
                            c.primary.kind,
                            c.primary.name,
                            c.primary.namespace,
                            c.summary,
                          ),
                          c.primary,
                        )
                      }
                    />
                  ))}
                </div>
              </div>
            ))}
          </section>
        )}

        {scan.data !== undefined && groups.length === 0 && (
          <div className="center">
            <div className="panel-box" data-testid="scan-clean">
              <Icon name="check" className="icon status-ok" />
              <h2 style={{ margin: "8px 0" }}>{t.scan.clean}</h2>
              <p className="muted" style={{ margin: 0 }}>
                {t.scan.passed(namespace)}
              </p>
            </div>
          </div>
        )}

        {groups.map((group) => (
          <section
            key={group.severity}
            className="sev-group"
            aria-label={t.scan.groupLabel(t.badges.severity[group.severity])}
            data-testid="severity-group"
          >
            <h2>
              <SeverityBadge severity={group.severity} />
              <span className="muted small">
                {t.scan.findings(group.count)}
                {group.severity === "cluster-wide" ? t.scan.clusterScoped : ""}
              </span>
            </h2>
            {group.kinds.map((k) => (
              <div key={k.kind}>
                <div className="kind-label">{k.kind}</div>
                {k.findings.map((f) => (
                  <FindingCard
                    key={f.key}
                    finding={f}
                    busy={starting === f.key}
                    onInvestigate={() =>
                      investigate(f.key, investigateQuestion(f, t.scan.investigateFinding), {
                        kind: f.kind,
                        name: f.name,
                        ...(f.namespace === undefined ? {} : { namespace: f.namespace }),
                      })
                    }
                  />
                ))}
              </div>
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}

function FindingCard({
  finding,
  busy,
  onInvestigate,
}: {
  finding: ScanFinding;
  busy: boolean;
  onInvestigate: () => void;
}) {
  const t = useT();
  return (
    <div className="finding" data-testid="finding">
      <div>
        <div className="finding-name">
          {finding.namespace === undefined ? finding.name : `${finding.namespace}/${finding.name}`}
        </div>
        {finding.parent !== "" && (
          <div className="small muted">{t.scan.partOf(finding.parent)}</div>
        )}
        <ul>
          {finding.errors.map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </ul>
      </div>
      <div className="actions">
        <button type="button" className="btn btn-sm" disabled={busy} onClick={onInvestigate}>
          <Icon name="search" />
          {t.scan.investigate}
        </button>
      </div>
    </div>
  );
}

function CandidateCard({
  candidate,
  busy,
  onInvestigate,
}: {
  candidate: RootCauseCandidate;
  busy: boolean;
  onInvestigate: () => void;
}) {
  const t = useT();
  return (
    <div className="candidate" data-testid="candidate">
      <div className="rec-head">
        <span className="badge">{candidate.category}</span>
        <code>{resourceLabel(candidate.primary)}</code>
        <span className="muted small">{t.scan.confidence(Math.round(candidate.score * 100))}</span>
        <button
          type="button"
          className="btn btn-sm"
          style={{ marginLeft: "auto" }}
          disabled={busy}
          onClick={onInvestigate}
        >
          <Icon name="search" />
          {t.scan.investigate}
        </button>
      </div>
      <p style={{ margin: "6px 0 0" }}>{candidate.summary}</p>
    </div>
  );
}
