import { stdSerializers } from "pino";

export const CENSOR = "[redacted]";

/**
 * Field names that carry credentials, compared without case, `-` or `_`: a
 * header is `authorization` on a Node request and `Authorization` in an HTTP
 * client's request config, and a kubeconfig's `client-key-data` or
 * `refresh-token` is `clientKeyData` or `refresh_token` elsewhere.
 */
const SECRET_KEYS = new Set(
  [
    "authorization",
    "proxyAuthorization",
    "cookie",
    "setCookie",
    "xApiKey",
    "apiKey",
    "openAIApiKey",
    "password",
    "passwd",
    "secret",
    "clientSecret",
    "token",
    "authToken",
    "accessToken",
    "refreshToken",
    "idToken",
    "bearerToken",
    "sessionToken",
    "clientKeyData",
    "privateKey",
    "databaseUrl",
    "connectionString",
  ].map(secretName),
);

/** A field name as SECRET_KEYS holds it. */
function secretName(key: string): string {
  return key.replace(/[-_]/g, "").toLowerCase();
}

/**
 * Levels searched below the logged object: `{ token }` is level 0, an HTTP
 * client's `{ err: { config: { headers: { Authorization } } } }` level 3.
 * Deeper values are left as they are. @default 8
 */
const MAX_DEPTH = 8;

/** Parts of an HTTP client's error that repeat the request: its config, headers and body. */
const REQUEST_PARTS = new Set(["config", "request", "response", "headers", "options"]);

/**
 * The logged object with every secret-named field censored, at any level up
 * to MAX_DEPTH, in plain objects, arrays and errors (which are serialized by
 * `serializeError` on the way). Copy-on-write: an object without secrets is
 * returned as it is, so the usual log line costs one walk over a few keys.
 * Instances of other classes are left to their own toJSON.
 */
export function censorSecrets<T>(value: T, depth = 0): T {
  if (typeof value !== "object" || value === null || depth > MAX_DEPTH) return value;
  if (value instanceof Error) return censorSecrets(serializeError(value) as T, depth);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, i) => {
      const clean = censorSecrets(item, depth + 1);
      if (clean !== item) (copy ??= [...(value as unknown[])])[i] = clean;
    });
    return (copy ?? value) as T;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value) as [string, unknown][]) {
    const clean: unknown =
      SECRET_KEYS.has(secretName(key)) && item !== undefined && item !== null
        ? CENSOR
        : censorSecrets(item, depth + 1);
    if (clean !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = clean;
  }
  return (copy ?? value) as T;
}

/** `scheme://user:password@host` → `scheme://[redacted]@host`. */
function stripUrlCredentials(text: string): string {
  return text.replace(/\b([a-z][\w+.-]*:\/\/)[^\s/@:]*:[^\s/@]*@/gi, `$1${CENSOR}@`);
}

type SerializedError = Record<string, unknown>;

/**
 * pino's error serializer, minus what HTTP and database clients attach to
 * their errors: the request (its headers carry the credentials) and the
 * response (only its status is kept); passwords in URLs a message quotes are
 * censored. Causes are cleaned the same way; secret-named fields are censored
 * by `censorSecrets` afterwards.
 */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  return clean(stdSerializers.err(err));
}

function clean(serialized: SerializedError): SerializedError {
  const out: SerializedError = { ...serialized };
  for (const [key, value] of Object.entries(out)) {
    if (REQUEST_PARTS.has(key) && typeof value === "object" && value !== null) {
      const status = (value as { status?: unknown }).status;
      if (key === "response" && typeof status === "number") out[key] = { status };
      else delete out[key];
    } else if (typeof value === "string") {
      out[key] = stripUrlCredentials(value);
    } else if (typeof value === "object" && value !== null && "message" in value) {
      out[key] = clean(value); // cause, aggregated errors
    }
  }
  return out;
}
