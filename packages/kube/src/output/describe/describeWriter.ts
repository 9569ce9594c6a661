import { DESCRIBE_TABS, tabwrite } from "../tabwriter";

const INDENT = ["", "  ", "    ", "      "] as const;

/**
 * Collects describe output the way kubectl's PrefixWriter does: each write is
 * prefixed by its level's indentation, text may contain tabs, and the whole
 * is aligned by one tabwriter (minwidth 0, padding 2) at the end.
 */
export class DescribeWriter {
  private text = "";

  write(level: 0 | 1 | 2 | 3, text: string): void {
    this.text += INDENT[level] + text;
  }

  /** Text without indentation (a continuation of the current line). */
  append(text: string): void {
    this.text += text;
  }

  /** Sorted `key=value` lines, `<none>` when empty (printLabelsMultiline). */
  labels(title: string, labels: unknown): void {
    this.write(0, `${title}:\t`);
    const entries = sortedEntries(labels);
    if (entries.length === 0) {
      this.append("<none>\n");
      return;
    }
    entries.forEach(([key, value], i) => {
      if (i !== 0) this.write(0, "\t");
      this.append(`${key}=${value}\n`);
    });
  }

  /** Sorted `key: value` lines; long or multi-line values on their own lines (printAnnotationsMultiline). */
  annotations(title: string, annotations: unknown): void {
    this.write(0, `${title}:\t`);
    const entries = sortedEntries(annotations);
    if (entries.length === 0) {
      this.append("<none>\n");
      return;
    }
    entries.forEach(([key, raw], i) => {
      if (i !== 0) this.write(0, "\t");
      const value = raw.replace(/\n$/, "");
      if (value.length + key.length + 2 > 140 || value.includes("\n")) {
        this.append(`${key}:\n`);
        for (const line of value.split("\n")) this.write(0, `\t  ${shorten(line, 138)}\n`);
      } else this.append(`${key}: ${value}\n`);
    });
  }

  toString(): string {
    return tabwrite(this.text.replace(/\n$/, ""), DESCRIBE_TABS);
  }
}

function sortedEntries(map: unknown): [string, string][] {
  if (typeof map !== "object" || map === null) return [];
  return Object.entries(map as Record<string, unknown>)
    .map(([k, v]): [string, string] => [k, typeof v === "string" ? v : String(v)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}...`;
}
