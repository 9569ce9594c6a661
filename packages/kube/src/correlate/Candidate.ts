import type {
  ObjectRef,
  RootCauseCandidate,
  RootCauseCategory,
  Severity,
} from "@kubemedic/protocol";
import { redactText } from "../redact/redactText";

export type RelatedRef = RootCauseCandidate["related"][number];
export type CandidateEvidence = RootCauseCandidate["evidence"][number];
export type CandidateFix = RootCauseCandidate["fixes"][number];

/**
 * A candidate while rules build it: the protocol shape plus what ranking
 * needs. `score` is the rule's confidence that this is *a* root cause; ranking
 * lowers it when another candidate explains this one's primary object.
 */
export interface Draft {
  category: RootCauseCategory;
  severity: Severity;
  score: number;
  primary: ObjectRef;
  related: RelatedRef[];
  summary: string;
  rootCause: string;
  evidence: CandidateEvidence[];
  fixes: CandidateFix[];
  /**
   * Keys (`refKey`) of objects whose own failure this candidate is a symptom
   * of, e.g. a Service without ready endpoints depends on the workloads of the
   * pods it selects. Those objects may also be listed as related.
   */
  dependsOn?: string[];
}

/** `Kind/namespace/name` (or `Kind/name` when cluster-scoped), the brief's resource notation. */
export function refKey(ref: ObjectRef): string {
  return ref.namespace === undefined || ref.namespace === ""
    ? `${ref.kind}/${ref.name}`
    : `${ref.kind}/${ref.namespace}/${ref.name}`;
}

export function ref(
  kind: string,
  namespace: string | undefined,
  name: string,
  status?: string,
): RelatedRef {
  const out: RelatedRef = { kind, name };
  if (namespace !== undefined && namespace !== "") out.namespace = namespace;
  if (status !== undefined && status !== "") out.status = status;
  return out;
}

/** Adds related objects, skipping duplicates (first status wins) and the primary itself. */
export function addRelated(draft: Draft, ...refs: RelatedRef[]): void {
  const seen = new Set([refKey(draft.primary), ...draft.related.map(refKey)]);
  for (const r of refs) {
    const k = refKey(r);
    if (seen.has(k)) continue;
    seen.add(k);
    draft.related.push(r);
  }
}

/**
 * A finished candidate in the protocol's shape, bounded to what a
 * DiagnosisReport accepts (summary 1,000 characters, root cause and excerpts
 * 4,000, at most 99 related objects (the report lists the primary too, 100 in all), 12 excerpts and 8 fixes), score clamped,
 * empty excerpts dropped. Every free text (related objects' status too)
 * passes through secret redaction here, whatever the rule: candidates quote
 * scheduler, condition and event messages, and they go to an LLM. Commands are left as built (they are run,
 * and rules build them from names and placeholders only).
 */
export function toCandidate(draft: Draft): RootCauseCandidate {
  return {
    category: draft.category,
    severity: draft.severity,
    score: Math.round(Math.min(1, Math.max(0, draft.score)) * 1000) / 1000,
    primary: draft.primary,
    related: draft.related
      .slice(0, 99)
      .map((r) => (r.status === undefined ? r : { ...r, status: redactText(r.status) })),
    summary: clip(redactText(draft.summary), 1_000),
    rootCause: clip(redactText(draft.rootCause), 4_000),
    evidence: dedupeBy(
      draft.evidence.filter((e) => e.excerpt.trim() !== ""),
      (e) => `${e.command ?? ""}\0${e.excerpt}`,
    )
      .slice(0, 12)
      .map((e) => ({ ...e, excerpt: clip(redactText(e.excerpt), 4_000) })),
    fixes: dedupeBy(draft.fixes, (f) => `${f.title}\0${f.command ?? ""}`)
      .slice(0, 8)
      .map((f) => ({
        ...f,
        title: clip(redactText(f.title), 200),
        rationale: clip(redactText(f.rationale), 2_000),
      })),
  };
}

function dedupeBy<T>(items: readonly T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((t) => {
    const k = key(t);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 14)} …[truncated]`;
}
