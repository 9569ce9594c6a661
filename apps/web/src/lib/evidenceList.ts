import { evidenceCommandLine, type Evidence } from "@kubemedic/protocol";

/** One entry of a report's evidence as shown: a command (or a source) and its lines. */
export interface EvidenceEntry {
  source: Evidence["source"];
  /** The command as typed at a shell, or null for evidence without one. */
  line: string | null;
  excerpt: string;
}

/**
 * A report's evidence without repeats. Models and the playbook often quote the
 * same command twice (a second `describe` of the same pod) or the same log line
 * from two commands (`logs` with and without `-c`): excerpts of one command are
 * merged, and a line already quoted above is not quoted again. An entry left
 * with nothing new is dropped.
 */
export function evidenceList(evidence: readonly Evidence[]): EvidenceEntry[] {
  const byLine = new Map<
    string,
    { source: Evidence["source"]; line: string | null; lines: string[] }
  >();
  const seen = new Set<string>();
  for (const e of evidence) {
    const line = evidenceCommandLine(e);
    const key = line ?? `source:${e.source}`;
    let entry = byLine.get(key);
    if (entry === undefined) {
      entry = { source: e.source, line, lines: [] };
      byLine.set(key, entry);
    }
    for (const text of e.excerpt.split("\n")) {
      const norm = text.trim();
      if (norm === "") continue;
      if (seen.has(norm)) continue;
      seen.add(norm);
      entry.lines.push(text.trimEnd());
    }
  }
  return [...byLine.values()]
    .filter((e) => e.lines.length > 0)
    .map((e) => ({ source: e.source, line: e.line, excerpt: e.lines.join("\n") }));
}
