export interface TabwriterOptions {
  /** Smallest width of a column, padding included. */
  minWidth: number;
  /** Spaces added to the widest cell of a column. */
  padding: number;
  /**
   * Never let a column index shrink below the widest it has been, across
   * blocks (kubectl's fork of Go's tabwriter, used by `kubectl get`, so that
   * the second table of `get deploy,svc` is at least as wide as the first).
   */
  rememberWidths?: boolean;
}

/** `kubectl get`: minwidth 6, padding 3, widths remembered. */
export const GET_TABS: TabwriterOptions = { minWidth: 6, padding: 3, rememberWidths: true };
/** `kubectl describe`: minwidth 0, padding 2. */
export const DESCRIBE_TABS: TabwriterOptions = { minWidth: 0, padding: 2 };

/**
 * Aligns tab-separated text the way Go's text/tabwriter does, so the engine's
 * tables line up exactly like kubectl's. A cell is text ending in a tab; the
 * text after a line's last tab is not part of any column. A column block is a
 * run of consecutive lines that have a cell in that column; each block gets
 * the width of its widest cell plus padding.
 */
export function tabwrite(text: string, options: TabwriterOptions): string {
  const lines = text.split("\n").map((line) => line.split("\t"));
  const out: string[] = [];
  const widths: number[] = [];
  const maxWidths: number[] = [];

  const writeLines = (from: number, to: number): void => {
    for (let i = from; i < to; i++) {
      const cells = lines[i]!;
      let line = "";
      for (let j = 0; j < cells.length; j++) {
        const cell = cells[j]!;
        line += cell;
        const width = widths[j];
        if (j < cells.length - 1 && width !== undefined) {
          line += " ".repeat(Math.max(0, width - runeLength(cell)));
        }
      }
      out.push(line);
    }
  };

  const format = (line0: number, line1: number): void => {
    const column = widths.length;
    let start = line0;
    for (let current = line0; current < line1; current++) {
      if (column >= lines[current]!.length - 1) continue;
      writeLines(start, current);
      start = current;
      let width = options.minWidth;
      for (; current < line1; current++) {
        const cells = lines[current]!;
        if (column >= cells.length - 1) break;
        width = Math.max(width, runeLength(cells[column]!) + options.padding);
      }
      if (options.rememberWidths) {
        const remembered = maxWidths[column];
        if (remembered === undefined || remembered < width) maxWidths[column] = width;
        else width = remembered;
      }
      widths.push(width);
      format(start, current);
      widths.pop();
      start = current;
    }
    writeLines(start, line1);
  };

  format(0, lines.length);
  return out.join("\n");
}

/** Code points, as Go counts runes: a surrogate pair is one (counted without iterating the string). */
function runeLength(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}
