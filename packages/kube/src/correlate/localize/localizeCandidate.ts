import type { RootCauseCandidate } from "@kubemedic/protocol";
import { ZH_CATALOG, type CatalogEntry } from "./zhCatalog";

/** The languages the correlation's prose can be written in. */
export type ProseLanguage = "en" | "zh";

const CATALOGS: Record<ProseLanguage, readonly CatalogEntry[]> = { en: [], zh: ZH_CATALOG };

/**
 * One text of the correlation (a summary, a root cause, a fix's title or
 * rationale) in `language`: each sentence the catalog knows is said in it,
 * with the same names and values; the others stay English.
 */
export function localizeText(text: string, language: ProseLanguage): string {
  let out = text;
  for (const entry of CATALOGS[language]) {
    out = out.replace(entry.en, (...m: unknown[]) =>
      entry.zh(...m.slice(1, -2).map((g) => (typeof g === "string" ? g : ""))),
    );
  }
  // English separates sentences with a space; Chinese punctuation does not.
  return out.replace(/([。！？]) +(?=\S)|([”）]) (?=[\u4e00-\u9fff])/gu, "$1$2");
}

/**
 * A candidate whose prose (summary, root cause, fix titles and rationales) is
 * in `language`. Commands, categories, objects and evidence excerpts (quoted
 * tool output) are unchanged.
 */
export function localizeCandidate(
  candidate: RootCauseCandidate,
  language: ProseLanguage,
): RootCauseCandidate {
  if (language === "en") return candidate;
  return {
    ...candidate,
    summary: localizeText(candidate.summary, language),
    rootCause: localizeText(candidate.rootCause, language),
    fixes: candidate.fixes.map((f) => ({
      ...f,
      title: localizeText(f.title, language),
      rationale: localizeText(f.rationale, language),
    })),
  };
}
