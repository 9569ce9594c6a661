import { decisiveLines } from "./decisiveLines";

/** What a container log says about why it failed. */
export interface LogSignals {
  /** An environment variable the program reports as missing. */
  missingEnv: { name: string; line: string } | undefined;
  /** A Kubernetes API 403 naming the identity, verb and resource. */
  forbidden: ForbiddenLine | undefined;
  /** A name-resolution failure. */
  dns: { host: string | undefined; line: string } | undefined;
  /** A connection that timed out or was refused (a network path problem, maybe a NetworkPolicy). */
  connection:
    | { host: string | undefined; port: number | undefined; timeout: boolean; line: string }
    | undefined;
  /** An out-of-memory report from the program itself. */
  memory: { line: string } | undefined;
  /** The decisive lines, in log order: the signals above and what decisiveLines picks (with a line of context). */
  decisive: string[];
  /** The one line that says what failed (decisiveLines), or the signal's own line; undefined for an empty log. */
  cause: string | undefined;
}

export interface ForbiddenLine {
  line: string;
  user: string | undefined;
  /** `system:serviceaccount:<ns>:<name>` split out, when the user is a ServiceAccount. */
  serviceAccount: { namespace: string; name: string } | undefined;
  verb: string | undefined;
  /** Every verb refused for this identity and resource across the log, in order of appearance. */
  verbs: string[];
  resource: string | undefined;
  apiGroup: string | undefined;
  namespace: string | undefined;
}

const MISSING_ENV = [
  /\b(?:environment variable|env(?:ironment)? var(?:iable)?|env)\s+[`'"]?([A-Z_][A-Z0-9_]*)[`'"]?\s+(?:is\s+)?(?:not set|unset|missing|required|undefined|empty|must be set)/i,
  /\b(?:missing|required)\s+(?:required\s+)?(?:environment variable|env(?:ironment)? var(?:iable)?|setting|config(?:uration)?(?: value)?)[:\s]+[`'"]?([A-Z_][A-Z0-9_]*)/i,
  /KeyError:\s*['"]([A-Z_][A-Z0-9_]*)['"]/,
  /required key ([A-Z_][A-Z0-9_]*) missing value/i,
  /\b([A-Z][A-Z0-9]*_[A-Z0-9_]+)\s+(?:is\s+)?(?:not set|unset|must be set|is required|missing)/,
];

const FORBIDDEN =
  /(?:User|user) "([^"]+)" cannot (\w+) resource "([^"]+)"(?: in API group "([^"]*)")?(?: in the namespace "([^"]+)"| at the cluster scope)?/;
const FORBIDDEN_LOOSE = /\b403\b.*\bforbidden\b|\bforbidden\b.*\b403\b|is forbidden:/i;

const DNS = [
  /lookup ([\w.-]+)(?: on [\d.:[\]a-f]+)?: (?:no such host|server misbehaving|i\/o timeout)/i,
  /getaddrinfo (?:ENOTFOUND|EAI_AGAIN) ([\w.-]+)/i,
  /could not translate host name "([^"]+)" to address/i,
  /(?:Temporary failure in name resolution|Name or service not known|NXDOMAIN|Name does not resolve|UnknownHostException)[^\n]*?(?:([\w-]+(?:\.[\w-]+)+))?/i,
];

const CONNECTION = [
  /dial tcp ([\d.]+|[\w.-]+):(\d+): (?:i\/o timeout|connect: connection timed out)/i,
  /connect ETIMEDOUT ([\d.]+):(\d+)/i,
  /(?:connection to|connecting to|connect to) ([\w.-]+):(\d+)[^\n]*(?:timed out|timeout)/i,
  /timeout (?:expired|exceeded)[^\n]*?([\w.-]+):(\d+)/i,
];
/**
 * A refused connection, as each runtime words it; the first group is the host
 * (a name when the line has one, else the IP), the second the port:
 * Go (`dial tcp h:p: connect: connection refused`), Node (`connect ECONNREFUSED ip:p`),
 * libpq/psycopg (`connection to server at "h" (ip), port p failed: Connection refused`),
 * redis-py (`Error 111 connecting to h:p. Connection refused.`), Java/Netty
 * (`Connection refused: h/ip:p`), curl (`Failed to connect to h port p … Connection refused`).
 */
const REFUSED = [
  /dial tcp ([\d.]+|[\w.-]+):(\d+): connect: connection refused/i,
  /connect ECONNREFUSED ([\d.]+|[\w.-]+):(\d+)/i,
  /connection to server at "([^"]+)"(?: \([\d.a-f:]+\))?, port (\d+) failed: Connection refused/i,
  /Error 111 connecting to ([\w.-]+):(\d+)\. Connection refused/i,
  /Connection refused(?: \(Connection refused\))?: ([\w.-]+)(?:\/[\d.]+)?:(\d+)/i,
  /Failed to connect to ([\w.-]+) port (\d+)[^\n]*Connection refused/i,
];

const MEMORY =
  /out of memory|OutOfMemoryError|heap out of memory|JavaScript heap|MemoryError|Cannot allocate memory|memory limit/i;

/** Reads the signals out of a log (oldest line first, as kubectl prints it). */
export function readLogSignals(log: string): LogSignals {
  const lines = log
    .split("\n")
    .map((l) => l.replace(/\r$/, ""))
    .filter((l) => l.trim() !== "");
  const out: LogSignals = {
    missingEnv: undefined,
    forbidden: undefined,
    dns: undefined,
    connection: undefined,
    memory: undefined,
    decisive: [],
    cause: undefined,
  };
  for (const line of lines) {
    if (out.missingEnv === undefined)
      for (const re of MISSING_ENV) {
        const m = re.exec(line);
        if (m?.[1] !== undefined) {
          out.missingEnv = { name: m[1], line };
          break;
        }
      }
    const forbidden = parseForbidden(line);
    if (forbidden !== undefined) out.forbidden = mergeForbidden(out.forbidden, forbidden);
    if (out.dns === undefined)
      for (const re of DNS) {
        const m = re.exec(line);
        if (m !== null) {
          out.dns = { host: m[1], line };
          break;
        }
      }
    if (out.connection === undefined) {
      for (const re of CONNECTION) {
        const m = re.exec(line);
        if (m !== null) {
          out.connection = {
            host: m[1],
            port: m[2] === undefined ? undefined : Number(m[2]),
            timeout: true,
            line,
          };
          break;
        }
      }
      if (out.connection === undefined)
        for (const re of REFUSED) {
          const m = re.exec(line);
          if (m === null) continue;
          out.connection = { host: m[1], port: Number(m[2]), timeout: false, line };
          break;
        }
    }
    if (out.memory === undefined && MEMORY.test(line)) out.memory = { line };
  }
  const signalLines = [
    out.missingEnv?.line,
    out.forbidden?.line,
    out.dns?.line,
    out.connection?.line,
    out.memory?.line,
  ].filter((l): l is string => l !== undefined);
  const picked = new Set(signalLines);
  const rule = decisiveLines(lines);
  for (const l of rule.lines) picked.add(l);
  out.decisive = lines.filter((l) => picked.has(l)).slice(-5);
  out.cause = signalLines[0] ?? rule.cause;
  return out;
}

/**
 * Keeps the most complete description of the 403s: the API server's own
 * sentence wins over a loose mention, and the refused verbs accumulate.
 */
function mergeForbidden(current: ForbiddenLine | undefined, next: ForbiddenLine): ForbiddenLine {
  if (current === undefined) return next;
  const verbs = [...current.verbs];
  for (const v of next.verbs) if (!verbs.includes(v)) verbs.push(v);
  const better = current.resource === undefined && next.resource !== undefined ? next : current;
  return { ...better, verb: better.verb ?? next.verb, verbs };
}

/** `key=value` or `key="value"` from a logfmt line. */
function logfmt(line: string, key: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${key}="?([^"\\s]+)"?`).exec(line);
  return m?.[1];
}

/** Parses a Kubernetes authorization failure line (the API's sentence, or a structured log record of it). */
export function parseForbidden(raw: string): ForbiddenLine | undefined {
  const line = raw;
  const text = raw.replace(/\\"/g, '"');
  const m = FORBIDDEN.exec(text);
  if (m === null) {
    if (!FORBIDDEN_LOOSE.test(text) && !/status="?403\b/.test(text)) return undefined;
    const sa = /system:serviceaccount:([^:\s"]+):([^\s",]+)/.exec(text);
    const verb = logfmt(text, "verb");
    return {
      line,
      user: sa === null ? undefined : sa[0],
      serviceAccount: sa === null ? undefined : { namespace: sa[1] ?? "", name: sa[2] ?? "" },
      verb,
      verbs: verb === undefined ? [] : [verb],
      resource: logfmt(text, "resource"),
      apiGroup: logfmt(text, "apiGroup") ?? logfmt(text, "group"),
      namespace: logfmt(text, "namespace"),
    };
  }
  const user = m[1];
  const sa = user === undefined ? null : /^system:serviceaccount:([^:]+):(.+)$/.exec(user);
  return {
    line,
    user,
    serviceAccount: sa === null ? undefined : { namespace: sa[1] ?? "", name: sa[2] ?? "" },
    verb: m[2],
    verbs: m[2] === undefined ? [] : [m[2]],
    resource: m[3],
    apiGroup: m[4],
    namespace: m[5],
  };
}
