/** Lines above which the O(n·m) LCS is skipped and the change shown as a whole replacement. */
const MAX_LINES = 3_000;

type Op = { t: " " | "-" | "+"; line: string };

/**
 * A unified diff (`--- before` / `+++ after`, `@@` hunks with `context` lines
 * around changes), or "" when nothing changed. Used for approval previews.
 * @param context lines of context around each change. @default 3
 */
export function unifiedDiff(
  before: string,
  after: string,
  labels: { before: string; after: string } = { before: "before", after: "after" },
  context = 3,
): string {
  if (before === after) return "";
  const a = before === "" ? [] : before.replace(/\n$/, "").split("\n");
  const b = after === "" ? [] : after.replace(/\n$/, "").split("\n");
  const ops = a.length > MAX_LINES || b.length > MAX_LINES ? replaceAll(a, b) : lcsOps(a, b);
  const hunks = toHunks(ops, context);
  if (hunks.length === 0) return "";
  return [`--- ${labels.before}`, `+++ ${labels.after}`, ...hunks].join("\n");
}

function replaceAll(a: string[], b: string[]): Op[] {
  return [
    ...a.map((line) => ({ t: "-" as const, line })),
    ...b.map((line) => ({ t: "+" as const, line })),
  ];
}

function lcsOps(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  // lengths[i][j] = LCS of a[i..] and b[j..], in one flat array.
  const lengths = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number): number => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[at(i, j)] =
        a[i] === b[j]
          ? lengths[at(i + 1, j + 1)]! + 1
          : Math.max(lengths[at(i + 1, j)]!, lengths[at(i, j + 1)]!);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      ops.push({ t: " ", line: a[i]! });
      i++;
      j++;
    } else if (lengths[at(i + 1, j)]! >= lengths[at(i, j + 1)]!)
      ops.push({ t: "-", line: a[i++]! });
    else ops.push({ t: "+", line: b[j++]! });
  }
  while (i < n) ops.push({ t: "-", line: a[i++]! });
  while (j < m) ops.push({ t: "+", line: b[j++]! });
  return ops;
}

function toHunks(ops: Op[], context: number): string[] {
  const out: string[] = [];
  const changed = ops.map((op, index) => (op.t === " " ? -1 : index)).filter((i) => i >= 0);
  if (changed.length === 0) return out;
  let k = 0;
  while (k < changed.length) {
    const start = Math.max(0, changed[k]! - context);
    let end = Math.min(ops.length, changed[k]! + context + 1);
    while (k + 1 < changed.length && changed[k + 1]! - context <= end) {
      k++;
      end = Math.min(ops.length, changed[k]! + context + 1);
    }
    k++;
    // Line numbers of the hunk start in each file.
    let aLine = 1;
    let bLine = 1;
    for (let i = 0; i < start; i++) {
      if (ops[i]!.t !== "+") aLine++;
      if (ops[i]!.t !== "-") bLine++;
    }
    const body = ops.slice(start, end);
    const aCount = body.filter((op) => op.t !== "+").length;
    const bCount = body.filter((op) => op.t !== "-").length;
    out.push(
      `@@ -${aCount === 0 ? aLine - 1 : aLine},${aCount} +${bCount === 0 ? bLine - 1 : bLine},${bCount} @@`,
    );
    for (const op of body) out.push(`${op.t}${op.line}`);
  }
  return out;
}
