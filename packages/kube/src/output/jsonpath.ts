import { KubeError } from "../errors";

/**
 * kubectl's JSONPath templates (`-o jsonpath=…`, `--sort-by`, custom columns):
 * text with `{…}` actions; paths with `.field`, `['field']`, `..field`, `*`,
 * `[n]`, `[a:b:c]`, `[a,b]`, filters `[?(@.x == "y")]`, `{range …}…{end}` and
 * quoted literals such as `{"\n"}`. Missing keys print nothing (kubectl sets
 * allowMissingKeys). Written from the documented syntax.
 */
type Segment =
  | { t: "field"; name: string }
  | { t: "recursive" }
  | { t: "wildcard" }
  | { t: "slice"; start?: number; end?: number; step?: number }
  | { t: "index"; indices: number[] }
  | { t: "union"; names: string[] }
  | { t: "filter"; left: Operand; op?: string; right?: Operand };

type Operand = { t: "path"; path: Segment[] } | { t: "literal"; value: unknown };

type Node =
  | { t: "text"; text: string }
  | { t: "path"; path: Segment[] }
  | { t: "literal"; text: string }
  | { t: "range"; path: Segment[]; body: Node[] };

/** A compiled template. */
export class JsonPath {
  private constructor(private readonly nodes: Node[]) {}

  static parse(template: string): JsonPath {
    const tokens = splitTemplate(template);
    const [nodes, rest] = build(tokens, 0, false);
    if (rest !== tokens.length) throw bad(template, "unexpected {end}");
    return new JsonPath(nodes);
  }

  /** Renders the template against `data` the way `-o jsonpath` prints. */
  print(data: unknown): string {
    return render(this.nodes, data, data);
  }

  /** The values the template's actions select (for `jsonpath-as-json`, sort keys, columns). */
  values(data: unknown): unknown[] {
    return collect(this.nodes, data, data);
  }
}

/** `.a.b`, `a.b` or `{.a.b}` → a template (custom-columns and --sort-by accept the relaxed form). */
export function relaxedJsonPath(expression: string): JsonPath {
  const trimmed = expression.trim();
  if (trimmed.startsWith("{") && trimmed.endsWith("}")) return JsonPath.parse(trimmed);
  const body = trimmed.startsWith(".") || trimmed.startsWith("[") ? trimmed : `.${trimmed}`;
  return JsonPath.parse(`{${body}}`);
}

function bad(template: string, why: string): KubeError {
  return new KubeError("usage", `invalid jsonpath template ${JSON.stringify(template)}: ${why}`);
}

type Token = { text: string } | { action: string };

function splitTemplate(template: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf("{", i);
    if (open === -1) {
      tokens.push({ text: template.slice(i) });
      break;
    }
    if (open > i) tokens.push({ text: template.slice(i, open) });
    const close = findClose(template, open + 1);
    if (close === -1) throw bad(template, "unclosed {");
    tokens.push({ action: template.slice(open + 1, close).trim() });
    i = close + 1;
  }
  return tokens;
}

/** The `}` closing an action, skipping quoted strings and brackets. */
function findClose(s: string, from: number): number {
  let depth = 0;
  for (let i = from; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '"' || ch === "'") {
      i = skipQuoted(s, i);
      continue;
    }
    if (ch === "[" || ch === "(") depth++;
    else if (ch === "]" || ch === ")") depth--;
    else if (ch === "}" && depth <= 0) return i;
  }
  return -1;
}

function skipQuoted(s: string, at: number): number {
  const quote = s[at];
  for (let i = at + 1; i < s.length; i++) {
    if (s[i] === "\\") i++;
    else if (s[i] === quote) return i;
  }
  return s.length;
}

function build(tokens: Token[], from: number, inRange: boolean): [Node[], number] {
  const nodes: Node[] = [];
  let i = from;
  while (i < tokens.length) {
    const token = tokens[i]!;
    if ("text" in token) {
      nodes.push({ t: "text", text: token.text });
      i++;
      continue;
    }
    const action = token.action;
    if (action === "end") {
      if (!inRange) throw bad(action, "{end} without {range}");
      return [nodes, i + 1];
    }
    if (action.startsWith("range ")) {
      const path = parsePath(action.slice(6).trim());
      const [body, next] = build(tokens, i + 1, true);
      nodes.push({ t: "range", path, body });
      i = next;
      continue;
    }
    if (action.startsWith('"') || action.startsWith("'")) {
      nodes.push({ t: "literal", text: unquote(action) });
    } else nodes.push({ t: "path", path: parsePath(action) });
    i++;
  }
  if (inRange) throw bad("range", "{range} without {end}");
  return [nodes, i];
}

function unquote(quoted: string): string {
  const body = quoted.slice(1, -1);
  return body.replace(/\\(.)/g, (_m, ch: string) =>
    ch === "n" ? "\n" : ch === "t" ? "\t" : ch === "r" ? "\r" : ch,
  );
}

function parsePath(expression: string): Segment[] {
  const segments: Segment[] = [];
  let i = 0;
  const s = expression;
  if (s[i] === "$" || s[i] === "@") i++;
  while (i < s.length) {
    const ch = s[i]!;
    if (ch === ".") {
      if (s[i + 1] === ".") {
        segments.push({ t: "recursive" });
        i += 2;
        if (s[i] === "[") continue;
      } else i++;
      if (s[i] === "*") {
        segments.push({ t: "wildcard" });
        i++;
        continue;
      }
      let name = "";
      while (i < s.length && s[i] !== "." && s[i] !== "[") {
        if (s[i] === "\\" && i + 1 < s.length) i++;
        name += s[i];
        i++;
      }
      if (name !== "") segments.push({ t: "field", name });
      continue;
    }
    if (ch === "[") {
      const close = matchingBracket(s, i);
      if (close === -1) throw bad(expression, "unclosed [");
      segments.push(parseBracket(s.slice(i + 1, close).trim(), expression));
      i = close + 1;
      continue;
    }
    // A bare name at the start (`items[*]`) reads as a field.
    let name = "";
    while (i < s.length && s[i] !== "." && s[i] !== "[") name += s[i++];
    segments.push({ t: "field", name: name.trim() });
  }
  return segments;
}

function matchingBracket(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '"' || ch === "'") i = skipQuoted(s, i);
    else if (ch === "[") depth++;
    else if (ch === "]" && --depth === 0) return i;
  }
  return -1;
}

function parseBracket(inner: string, expression: string): Segment {
  if (inner === "*") return { t: "wildcard" };
  if (inner.startsWith("?(") && inner.endsWith(")")) return parseFilter(inner.slice(2, -1).trim());
  if (inner.startsWith("'") || inner.startsWith('"')) {
    const names = splitTop(inner, ",").map((part) => unquote(part.trim()));
    return names.length === 1 ? { t: "field", name: names[0]! } : { t: "union", names };
  }
  if (inner.includes(":")) {
    const [a, b, c] = inner.split(":").map((x) => x.trim());
    const num = (x: string | undefined): number | undefined =>
      x === undefined || x === "" ? undefined : Number(x);
    const slice = { t: "slice" as const, start: num(a), end: num(b), step: num(c) };
    if ([slice.start, slice.end, slice.step].some((x) => x !== undefined && Number.isNaN(x)))
      throw bad(expression, `bad slice [${inner}]`);
    return slice;
  }
  const indices = inner.split(",").map((x) => Number(x.trim()));
  if (indices.some((x) => !Number.isInteger(x))) throw bad(expression, `bad index [${inner}]`);
  return { t: "index", indices };
}

function splitTop(s: string, sep: string): string[] {
  const parts: string[] = [];
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '"' || s[i] === "'") i = skipQuoted(s, i);
    else if (s[i] === sep) {
      parts.push(s.slice(last, i));
      last = i + 1;
    }
  }
  parts.push(s.slice(last));
  return parts;
}

const OPERATORS = ["==", "!=", "<=", ">=", "<", ">"];

function parseFilter(expr: string): Segment {
  for (let i = 0; i < expr.length; i++) {
    if (expr[i] === '"' || expr[i] === "'") {
      i = skipQuoted(expr, i);
      continue;
    }
    const op = OPERATORS.find((o) => expr.startsWith(o, i));
    if (op) {
      return {
        t: "filter",
        left: operand(expr.slice(0, i).trim()),
        op,
        right: operand(expr.slice(i + op.length).trim()),
      };
    }
  }
  return { t: "filter", left: operand(expr) };
}

function operand(text: string): Operand {
  if (text.startsWith("@") || text.startsWith("$")) return { t: "path", path: parsePath(text) };
  if (text.startsWith('"') || text.startsWith("'")) return { t: "literal", value: unquote(text) };
  if (text === "true" || text === "false") return { t: "literal", value: text === "true" };
  const n = Number(text);
  return { t: "literal", value: Number.isNaN(n) ? text : n };
}

function evaluate(path: Segment[], current: unknown, root: unknown): unknown[] {
  let values: unknown[] = [current];
  for (const segment of path) values = values.flatMap((v) => step(segment, v, root));
  return values;
}

function step(segment: Segment, value: unknown, root: unknown): unknown[] {
  switch (segment.t) {
    case "field":
      return isObject(value) && segment.name in value ? [value[segment.name]] : [];
    case "union":
      return isObject(value) ? segment.names.filter((n) => n in value).map((n) => value[n]) : [];
    case "wildcard":
      if (Array.isArray(value)) return value;
      return isObject(value) ? sortedKeys(value).map((k) => value[k]) : [];
    case "recursive":
      return descendants(value);
    case "index":
      if (!Array.isArray(value)) return [];
      return segment.indices
        .map((i) => (i < 0 ? i + value.length : i))
        .filter((i) => i >= 0 && i < value.length)
        .map((i) => value[i] as unknown);
    case "slice":
      return Array.isArray(value) ? slice(value, segment) : [];
    case "filter": {
      const items = Array.isArray(value) ? value : isObject(value) ? [value] : [];
      return items.filter((item) => test(segment, item, root));
    }
  }
}

function slice(array: unknown[], s: { start?: number; end?: number; step?: number }): unknown[] {
  const len = array.length;
  const stepBy = s.step ?? 1;
  if (stepBy <= 0) return [];
  const norm = (x: number): number => Math.min(len, Math.max(0, x < 0 ? x + len : x));
  const start = norm(s.start ?? 0);
  const end = norm(s.end ?? len);
  const out: unknown[] = [];
  for (let i = start; i < end; i += stepBy) out.push(array[i]);
  return out;
}

function descendants(value: unknown): unknown[] {
  const out: unknown[] = [value];
  if (Array.isArray(value)) for (const v of value) out.push(...descendants(v));
  else if (isObject(value)) for (const k of sortedKeys(value)) out.push(...descendants(value[k]));
  return out;
}

function test(segment: Extract<Segment, { t: "filter" }>, item: unknown, root: unknown): boolean {
  const left = resolve(segment.left, item, root);
  if (segment.op === undefined || segment.right === undefined) return left.length > 0;
  const right = resolve(segment.right, item, root);
  if (left.length === 0 || right.length === 0) return false;
  const a = left[0];
  const b = right[0];
  switch (segment.op) {
    case "==":
      return compare(a, b) === 0;
    case "!=":
      return compare(a, b) !== 0;
    case "<":
      return compare(a, b) < 0;
    case ">":
      return compare(a, b) > 0;
    case "<=":
      return compare(a, b) <= 0;
    default:
      return compare(a, b) >= 0;
  }
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  const x = textOf(a);
  const y = textOf(b);
  return x === y ? 0 : x < y ? -1 : 1;
}

function resolve(operand: Operand, item: unknown, root: unknown): unknown[] {
  return operand.t === "literal" ? [operand.value] : evaluate(operand.path, item, root);
}

function render(nodes: Node[], current: unknown, root: unknown): string {
  let out = "";
  for (const node of nodes) {
    switch (node.t) {
      case "text":
        out += node.text;
        break;
      case "literal":
        out += node.text;
        break;
      case "path":
        out += evaluate(node.path, current, root).map(textOf).join(" ");
        break;
      case "range":
        for (const item of rangeItems(evaluate(node.path, current, root))) {
          out += render(node.body, item, root);
        }
        break;
    }
  }
  return out;
}

function collect(nodes: Node[], current: unknown, root: unknown): unknown[] {
  const out: unknown[] = [];
  for (const node of nodes) {
    if (node.t === "path") out.push(...evaluate(node.path, current, root));
    else if (node.t === "range") {
      for (const item of rangeItems(evaluate(node.path, current, root))) {
        out.push(...collect(node.body, item, root));
      }
    }
  }
  return out;
}

/** `{range .items}` walks the array itself; `{range .items[*]}` already yields the elements. */
function rangeItems(values: unknown[]): unknown[] {
  return values.length === 1 && Array.isArray(values[0]) ? values[0] : values;
}

/** A value as kubectl prints it: strings raw, everything else as (key-sorted) JSON. */
export function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(sortDeep(value));
}

export function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (isObject(value)) {
    return Object.fromEntries(sortedKeys(value).map((k) => [k, sortDeep(value[k])]));
  }
  return value;
}

function sortedKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value).sort();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
