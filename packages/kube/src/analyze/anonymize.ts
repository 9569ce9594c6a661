import type { AnalysisOutput, RootCauseCandidate } from "@kubemedic/protocol";
import { createMasker, type Masker } from "./sensitive";

export interface AnonymizedAnalysis {
  /** Safe to send to an LLM: names masked in every Text, name and parentObject; Sensitive emptied. */
  output: AnalysisOutput;
  /** The root-cause candidates passed in, masked with the same mapping. */
  candidates: RootCauseCandidate[];
  /** Puts the real names back into an answer that quotes masked ones. */
  unmask: (text: string) => string;
}

/**
 * Masks object names before findings go to an LLM. k8sgpt masks only each
 * failure's own Sensitive values, only in the copy it sends, and leaves pod
 * names (Sensitive `[]`) in clear. We mask every Sensitive value of the whole
 * output plus every namespace/name segment of result names and parents, with
 * one stable mask per value, everywhere it appears; a value is replaced where
 * it is followed by a word boundary (k8sgpt's rule, but with the value
 * escaped rather than compiled as a regex). Sensitive arrays are emptied in
 * the masked copy (they would carry the real names), null stays null.
 * Correlation candidates given alongside are masked with the same mapping
 * (their primary and related objects' names and namespaces join it), so one
 * object has one pseudonym across findings and root causes.
 */
export function anonymizeAnalysis(
  input: AnalysisOutput,
  mask: Masker = createMasker(),
  candidates: readonly RootCauseCandidate[] = [],
): AnonymizedAnalysis {
  const mapping = new Map<string, string>();
  const add = (value: string, masked?: string) => {
    if (value === "" || mapping.has(value)) return;
    mapping.set(value, masked ?? mask(value));
  };
  for (const r of input.results ?? []) {
    for (const e of r.error) for (const s of e.Sensitive ?? []) add(s.Unmasked, s.Masked);
    for (const segment of r.name.split("/")) add(segment);
    const parentName = r.parentObject.split("/").slice(1).join("/");
    add(parentName);
  }
  for (const c of candidates)
    for (const o of [c.primary, ...c.related]) {
      add(o.namespace ?? "");
      add(o.name);
    }
  const values = [...mapping.keys()].sort((a, b) => b.length - a.length);
  const pattern =
    values.length === 0 ? undefined : new RegExp(`(${values.map(escapeRegExp).join("|")})\\b`, "g");
  const maskText = (text: string) =>
    pattern === undefined ? text : text.replace(pattern, (m: string) => mapping.get(m) ?? m);
  const maskSegments = (name: string) =>
    name
      .split("/")
      .map((s) => mapping.get(s) ?? s)
      .join("/");
  const output: AnalysisOutput = {
    ...input,
    errors: input.errors === null ? null : input.errors.map(maskText),
    results:
      input.results === null
        ? null
        : input.results.map((r) => ({
            ...r,
            name: maskSegments(r.name),
            parentObject: r.parentObject === "" ? "" : maskParent(r.parentObject, mapping),
            details: maskText(r.details),
            error: r.error.map((e) => ({
              ...e,
              Text: maskText(e.Text),
              Sensitive: e.Sensitive === null ? null : [],
            })),
          })),
  };
  const maskRef = <T extends { namespace?: string; name: string }>(o: T): T => ({
    ...o,
    ...(o.namespace === undefined ? {} : { namespace: mapping.get(o.namespace) ?? o.namespace }),
    name: mapping.get(o.name) ?? o.name,
  });
  const maskedCandidates = candidates.map((c) => ({
    ...c,
    primary: maskRef(c.primary),
    related: c.related.map((r) => {
      const masked = maskRef(r);
      return r.status === undefined ? masked : { ...masked, status: maskText(r.status) };
    }),
    summary: maskText(c.summary),
    rootCause: maskText(c.rootCause),
    evidence: c.evidence.map((e) => ({
      ...e,
      excerpt: maskText(e.excerpt),
      ...(e.command === undefined ? {} : { command: maskText(e.command) }),
    })),
    fixes: c.fixes.map((f) => ({
      ...f,
      title: maskText(f.title),
      rationale: maskText(f.rationale),
      ...(f.command === undefined ? {} : { command: maskText(f.command) }),
    })),
  }));
  const reverse = [...mapping.entries()].sort((a, b) => b[1].length - a[1].length);
  return {
    output,
    candidates: maskedCandidates,
    unmask: (text) => reverse.reduce((t, [real, masked]) => t.split(masked).join(real), text),
  };
}

function maskParent(parent: string, mapping: Map<string, string>): string {
  const slash = parent.indexOf("/");
  if (slash === -1) return parent;
  const name = parent.slice(slash + 1);
  return `${parent.slice(0, slash)}/${mapping.get(name) ?? name}`;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
