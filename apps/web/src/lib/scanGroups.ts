import { en, type Messages } from "../i18n/messages.en";
import {
  SEVERITIES,
  type AnalysisResultItem,
  type RootCauseCandidate,
  type ScanResponse,
  type Severity,
} from "@kubemedic/protocol";

/**
 * The scan view's shape: analyzer findings grouped by severity, then by kind.
 * k8sgpt findings carry no severity; a finding takes the severity of the most
 * severe root-cause candidate that names its object (as the primary or a
 * related object). When none does, a cluster-scoped object (a Node, a
 * StorageClass…) found by a namespace scan is "cluster-wide": correlation of
 * a namespace leaves out what touches nothing in it, so it is not ranked
 * there, but it is not a lesser finding either. The rest is "unranked".
 */
export type FindingRank = Severity | "cluster-wide" | "unranked";

export interface ScanFinding {
  key: string;
  kind: string;
  namespace: string | undefined;
  name: string;
  errors: string[];
  docs: string[];
  parent: string;
  severity: FindingRank;
  candidate: RootCauseCandidate | null;
}

export interface ScanGroup {
  severity: FindingRank;
  kinds: { kind: string; findings: ScanFinding[] }[];
  count: number;
}

const ORDER: readonly FindingRank[] = [...SEVERITIES, "cluster-wide", "unranked"];

export function groupScan(scan: ScanResponse): ScanGroup[] {
  const findings = (scan.analysis.results ?? []).map((item) =>
    toFinding(item, scan.namespace, scan.candidates),
  );
  const groups: ScanGroup[] = [];
  for (const severity of ORDER) {
    const inSeverity = findings.filter((f) => f.severity === severity);
    if (inSeverity.length === 0) continue;
    const kinds = [...new Set(inSeverity.map((f) => f.kind))].sort().map((kind) => ({
      kind,
      findings: inSeverity
        .filter((f) => f.kind === kind)
        .sort((a, b) => `${a.namespace}/${a.name}`.localeCompare(`${b.namespace}/${b.name}`)),
    }));
    groups.push({ severity, kinds, count: inSeverity.length });
  }
  return groups;
}

/** The root-cause candidates grouped by severity, most severe first (each group keeps its ranking). */
export function groupCandidates(
  candidates: readonly RootCauseCandidate[],
): { severity: Severity; candidates: { candidate: RootCauseCandidate; index: number }[] }[] {
  return SEVERITIES.map((severity) => ({
    severity,
    candidates: candidates
      .map((candidate, index) => ({ candidate, index }))
      .filter((c) => c.candidate.severity === severity),
  })).filter((g) => g.candidates.length > 0);
}

/** k8sgpt names namespaced objects `namespace/name`, cluster-scoped ones by their name alone. */
function splitName(full: string): [string | undefined, string] {
  const slash = full.indexOf("/");
  if (slash === -1) return [undefined, full];
  return [full.slice(0, slash), full.slice(slash + 1)];
}

function toFinding(
  item: AnalysisResultItem,
  scanNamespace: string | null,
  candidates: readonly RootCauseCandidate[],
): ScanFinding {
  const [namespace, name] = splitName(item.name);
  let best: RootCauseCandidate | null = null;
  for (const c of candidates) {
    const objects = [c.primary, ...c.related];
    const named = objects.some(
      (o) => o.kind === item.kind && o.name === name && (o.namespace ?? namespace) === namespace,
    );
    if (named && (best === null || rank(c.severity) < rank(best.severity))) best = c;
  }
  return {
    key: `${item.kind}/${item.name}`,
    kind: item.kind,
    namespace,
    name,
    errors: item.error.map((e) => e.Text),
    docs: item.error.map((e) => e.KubernetesDoc).filter((d) => d !== ""),
    parent: item.parentObject,
    severity:
      best?.severity ??
      (namespace === undefined && scanNamespace !== null ? "cluster-wide" : "unranked"),
    candidate: best,
  };
}

function rank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

/** The question "investigate" asks about a finding. */
export function investigateQuestion(
  f: ScanFinding,
  say: Messages["scan"]["investigateFinding"] = en.scan.investigateFinding,
): string {
  return say(f.kind, f.name, f.namespace, f.errors[0]);
}
