import { isAssignedCredentialName } from "./credentialName";
import { isRedacted, REDACTED } from "./marker";

/**
 * Credentials that identify themselves by their shape, wherever they appear.
 * Each rule replaces only the secret part so the surrounding text stays
 * readable (`Authorization: Bearer [REDACTED]`, `postgres://app:[REDACTED]@db`).
 */
const SHAPED: readonly {
  pattern: RegExp;
  replace: (match: string, ...groups: string[]) => string;
}[] = [
  // PEM private keys: the whole block, or from an unterminated header to the end.
  // (Certificates and public keys are public: CA bundles stay readable.)
  {
    pattern: /-----BEGIN ([A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?)-----[\s\S]*?-----END \1-----/g,
    replace: (_m, label) => `-----BEGIN ${label}-----${REDACTED}-----END ${label}-----`,
  },
  {
    pattern: /-----BEGIN ([A-Z0-9 ]*PRIVATE KEY)-----(?!\[REDACTED\])(?![\s\S]*-----END)[\s\S]*$/g,
    replace: (_m, label) => `-----BEGIN ${label}-----${REDACTED}`,
  },
  // JSON Web Tokens (service-account tokens, OIDC id tokens).
  {
    pattern: /\beyJ[A-Za-z0-9_-]{6,}\.eyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]*/g,
    replace: () => REDACTED,
  },
  // HTTP authorization schemes.
  {
    pattern: /\b(Bearer)(\s+)[A-Za-z0-9._~+/=-]{8,}/gi,
    replace: (_m, scheme, space) => `${scheme}${space}${REDACTED}`,
  },
  {
    pattern: /\b(Basic)(\s+)([A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])/g,
    // "Basic authentication" is prose; credentials carry digits, '+', '/', padding, or decode to user:pass.
    replace: (m, scheme, space, value) =>
      /[0-9+/=]/.test(value) || isBasicPair(value) ? `${scheme}${space}${REDACTED}` : m,
  },
  // user:password@host, with or without a scheme (URLs, DSNs such as user:pw@tcp(db:3306)/app).
  {
    pattern: /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@'"]*):([^\s@/'"]+)@/gi,
    replace: (_m, prefix) => `${prefix}:${REDACTED}@`,
  },
  {
    pattern: /(^|[\s'"=,;(])([A-Za-z0-9._%+-]+):([^\s:@/'"[\]]+)@(?=[A-Za-z0-9.-]+)/g,
    replace: (m, lead, user, password) =>
      isRedacted(password) ? m : `${lead}${user}:${REDACTED}@`,
  },
  // Provider keys with a recognisable prefix.
  { pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[A-Z0-9]{16}\b/g, replace: () => REDACTED },
  {
    pattern:
      /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,}|glpat-[A-Za-z0-9_-]{20,})/g,
    replace: () => REDACTED,
  },
  { pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, replace: () => REDACTED },
  { pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g, replace: () => REDACTED },
  { pattern: /\bsk-[A-Za-z0-9_-]{20,}/g, replace: () => REDACTED },
  { pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g, replace: () => REDACTED },
];

function isBasicPair(value: string): boolean {
  const decoded = Buffer.from(value, "base64").toString("latin1");
  return /^[\x20-\x7e]+:[\x20-\x7e]*$/.test(decoded);
}

/** Something every SHAPED rule needs to find in the text before it can match. */
const SHAPED_TRIGGER =
  /PRIVATE KEY|eyJ|bearer|basic|@|AKIA|ASIA|AGPA|AIDA|AROA|ANPA|gh[pousr]_|github_pat_|glpat-|xox[abposr]-|_live_|_test_|sk-|AIza/i;

/**
 * `password=…`, `"token": "…"`, `--db-password=…`, `client_secret: …`: the
 * name and its separator. The separator must follow the name directly
 * (`secret "x" : …` in an event message is prose, not an assignment). A name
 * is read from the start of its run of name characters (leading `-`, `_`,
 * `.` and digits skipped), never from inside one: a start inside the run
 * ends where the run ends and fails alike, and trying each would make a long
 * run (a hex or base64url blob in a log line) quadratic.
 */
const ASSIGNMENT_NAME =
  /(["']?)(?<![A-Za-z0-9_.-])[-_.0-9]*([A-Za-z][A-Za-z0-9_.-]*)\1(?::[ \t]*|[ \t]*=[ \t]*)/g;
/** The value after a credential name's separator, up to a space, quote or delimiter. */
const ASSIGNMENT_VALUE = /["']?([^\s"'`,;&)}\]]+)/y;

export interface RedactTextOptions {
  /**
   * Also mask the values of `name=value` pairs whose name says secret.
   * Off for text kubectl itself laid out (describe sections, tables), where a
   * line such as `password:  16 bytes` is a size, not a value.
   * @default true
   */
  assignments?: boolean;
}

/**
 * Masks credentials in free text: log lines, event messages, env values,
 * annotation values, container arguments. Deterministic and idempotent.
 */
export function redactText(text: string, options: RedactTextOptions = {}): string {
  if (text.length === 0) return text;
  let out = text;
  // One cheap scan decides whether any shaped rule can match (most strings are names and times).
  const shaped = SHAPED_TRIGGER.test(text);
  for (const rule of shaped ? SHAPED : []) {
    rule.pattern.lastIndex = 0;
    out = out.replace(rule.pattern, rule.replace as (m: string, ...g: unknown[]) => string);
  }
  if (options.assignments !== false && (out.includes("=") || out.includes(":")))
    out = maskAssignments(out);
  return out;
}

/**
 * Masks the values of credential names. The scan resumes right after a
 * harmless name's separator, so an assignment that is the value of a harmless
 * name is found too (`request: client_secret=…`, `failed: token=…`), in one
 * pass however long the chain (`a:b:c:…` in a log line).
 */
function maskAssignments(text: string): string {
  let out = "";
  let copied = 0;
  ASSIGNMENT_NAME.lastIndex = 0;
  for (let m = ASSIGNMENT_NAME.exec(text); m !== null; m = ASSIGNMENT_NAME.exec(text)) {
    if (!isAssignedCredentialName(m[2]!)) continue;
    ASSIGNMENT_VALUE.lastIndex = ASSIGNMENT_NAME.lastIndex;
    const value = ASSIGNMENT_VALUE.exec(text)?.[1];
    if (value === undefined) continue;
    ASSIGNMENT_NAME.lastIndex = ASSIGNMENT_VALUE.lastIndex;
    if (isRedacted(value) || value.startsWith("[REDACTED")) continue;
    out += text.slice(copied, ASSIGNMENT_VALUE.lastIndex - value.length) + REDACTED;
    copied = ASSIGNMENT_VALUE.lastIndex;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
