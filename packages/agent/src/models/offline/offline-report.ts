import { CLUSTER_SCOPED } from "./cluster-findings";
import type {
  AffectedResource,
  DiagnosisReport,
  Evidence,
  Recommendation,
  RootCauseCandidate,
} from "@kubemedic/protocol";
import { RISKS } from "@kubemedic/protocol";
import { kubectlEvidence, type EvidenceScope } from "./evidence";
import { offlineTexts } from "./offline-texts";
import { pickCandidate, refOfFinding } from "./focus";
import { podHealth } from "./pod-health";
import { k8sgptResult, type TurnView } from "./turn-view";

/**
 * The report for the investigation in `view`, built from the tool artifacts
 * only: the correlated candidate gives category, root cause, objects and
 * fixes; the analyzer findings and the quoted kubectl lines are the evidence.
 */
export function offlineReport(view: TurnView): DiagnosisReport {
  const results = view.steps
    .filter((s) => s.name === "k8sgpt")
    .map((s) => ({ args: s.args, result: k8sgptResult(s.artifact, view.language) }))
    .filter((r) => r.result !== undefined);
  const correlated = results.find((r) => r.args.correlate === true)?.result;
  const analysis = (correlated ?? results[0]?.result)?.analysis;
  const candidate =
    correlated?.candidates === undefined
      ? undefined
      : pickCandidate(correlated.candidates, view.intent);
  const kubectl = kubectlEvidence(view.steps);
  const t = offlineTexts(view.language).report;
  const scope =
    view.intent.namespace === undefined ? t.theCluster : t.theNamespace(view.intent.namespace);

  if (candidate !== undefined)
    return fromCandidate(candidate, kubectlEvidence(view.steps, scopeOf(candidate)));

  const findings = analysis?.results ?? [];
  const pods = podHealth(view.steps);
  const observations: Evidence[] = findings.slice(0, 10).map((f) => ({
    source: "analyzer",
    command: "analyze",
    excerpt: `${f.kind} ${f.name}: ${f.error.map((e) => e.Text).join("; ")}`.slice(0, 4_000),
  }));
  // Healthy: nothing correlates to a root cause, and no pod is failing (the
  // remaining findings, if any, are hygiene such as an unused ConfigMap).
  if (
    analysis !== undefined &&
    (findings.length === 0 || (pods !== undefined && pods.unhealthy.length === 0))
  ) {
    const affected: AffectedResource[] =
      view.intent.resource?.kind !== undefined
        ? [
            {
              kind: view.intent.resource.kind,
              name: view.intent.resource.name,
              ...(view.intent.resource.namespace === undefined
                ? {}
                : { namespace: view.intent.resource.namespace }),
              status: "healthy",
            },
          ]
        : view.intent.namespace !== undefined
          ? [{ kind: "Namespace", name: view.intent.namespace, status: "healthy" }]
          : [];
    const line = (f: (typeof findings)[number]) =>
      `${f.kind} ${f.name}: ${f.error.map((e) => e.Text).join("; ")}`;
    // A Node's finding (NotReady, pressure) is no namespace's hygiene: never "minor".
    const minor = findings.filter((f) => !CLUSTER_SCOPED.has(f.kind)).map(line);
    const cluster = findings.filter((f) => CLUSTER_SCOPED.has(f.kind)).map(line);
    return {
      summary: t.noProblemsSummary(scope),
      category: "Healthy",
      severity: "info",
      rootCause: t.healthyRootCause(scope, pods?.total, minor, cluster).slice(0, 4_000),
      confidence: findings.length === 0 ? 0.85 : 0.7,
      affectedResources: affected,
      evidence: [
        {
          source: "analyzer",
          command: "analyze",
          excerpt: t.noRootCauseExcerpt(analysis.status, analysis.problems),
        } satisfies Evidence,
        ...observations,
        ...kubectl,
      ].slice(0, 50),
      recommendations: [],
    };
  }
  // A command turn ("list pods in shop") under `report.when: always` analyzed nothing:
  // say so, rather than that the analysis failed.
  if (results.length === 0 && !view.steps.some((s) => s.name === "k8sgpt")) {
    const ran = view.steps.map((s) => `\`${s.artifact?.command ?? s.name}\``).join(", ");
    return {
      summary: t.commandsOnlySummary(ran !== ""),
      category: "Other",
      severity: "info",
      rootCause: t.commandsOnlyRootCause(ran).slice(0, 4_000),
      confidence: 0.1,
      affectedResources: [],
      evidence: kubectl.slice(0, 50),
      recommendations: [],
    };
  }
  const first = findings[0];
  const ref = first === undefined ? undefined : refOfFinding(first);
  const failing = pods?.unhealthy.length ? t.podsNotRunning(pods.unhealthy) : "";
  const quote = offlineTexts(view.language).command.quote;
  const text =
    first === undefined
      ? t.notAnalyzed
      : `${first.kind} ${first.name}: ${quote(first.error.map((e) => e.Text).join("; "))}${failing}`;
  return {
    summary: first === undefined ? t.notAnalyzed : t.uncorrelatedSummary,
    category: "Other",
    severity: first === undefined ? "low" : "medium",
    rootCause: text.slice(0, 4_000),
    confidence: first === undefined ? 0.1 : 0.3,
    affectedResources: ref === undefined ? [] : [{ ...ref }],
    evidence: [...observations, ...kubectl].slice(0, 50),
    recommendations: [],
  };
}

function fromCandidate(c: RootCauseCandidate, kubectl: Evidence[]): DiagnosisReport {
  const affected: AffectedResource[] = [];
  const seen = new Set<string>();
  for (const r of [c.primary, ...c.related]) {
    const key = `${r.kind}/${r.namespace ?? ""}/${r.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    affected.push({
      kind: r.kind,
      name: r.name,
      ...(r.namespace === undefined ? {} : { namespace: r.namespace }),
      ...("status" in r && typeof r.status === "string" ? { status: r.status.slice(0, 200) } : {}),
    });
  }
  const evidence: Evidence[] = [
    ...c.evidence.map((e) => ({
      ...e,
      excerpt: e.excerpt.slice(0, 4_000) || "(empty)",
      ...(e.command === undefined ? {} : { command: e.command.slice(0, 2_000) }),
    })),
    ...kubectl,
  ].slice(0, 50);
  // By risk, a fix's follow-ups (a restart once the value exists) kept right after it: "fix it"
  // proposes a fix with the follow-ups that come after it (conversation/resolve-follow-up.ts).
  const units: (typeof c.fixes)[] = [];
  for (const f of c.fixes) {
    const last = units.at(-1);
    if (f.role === "follow-up" && last !== undefined) last.push(f);
    else units.push([f]);
  }
  const risk = (u: typeof c.fixes): number => RISKS.indexOf(u[0]?.risk ?? "high");
  const recommendations: Recommendation[] = units
    .sort((a, b) => risk(a) - risk(b))
    .flat()
    .slice(0, 20)
    .map((f) => ({ ...f, title: f.title.slice(0, 200), rationale: f.rationale.slice(0, 2_000) }));
  return {
    summary: c.summary.slice(0, 1_000) || c.rootCause.slice(0, 1_000),
    category: c.category,
    severity: c.severity,
    rootCause: c.rootCause.slice(0, 4_000),
    confidence: c.score,
    affectedResources: affected.slice(0, 100),
    evidence,
    recommendations,
  };
}

/** The candidate's objects and namespace: which kubectl outputs are evidence for it. */
export function scopeOf(c: RootCauseCandidate): EvidenceScope {
  const ns = c.primary.namespace ?? c.related.find((r) => r.namespace !== undefined)?.namespace;
  return {
    names: [c.primary.name, ...c.related.map((r) => r.name)],
    ...(ns === undefined ? {} : { namespace: ns }),
  };
}
