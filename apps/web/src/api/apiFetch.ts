import { ApiErrorBody } from "@kubemedic/protocol";
import { isErrorCode, WebError } from "./WebError";

/** What apiFetch needs of a schema: the protocol's zod schemas fit, without the web depending on zod. */
export interface Parser<T> {
  safeParse: (
    value: unknown,
  ) => { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
}

/**
 * One request to the gateway. The answer is validated against the protocol
 * schema (validate at the edge, both ways); failures become a `WebError` with
 * the server's code, or `network` / `bad_response`.
 */
export async function apiFetch<T>(
  path: string,
  parser: Parser<T> | null,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? "GET",
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: init.body === undefined ? null : JSON.stringify(init.body),
      signal: init.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new WebError("network", "Cannot reach the kubemedic server.");
  }
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204 || parser === null) return undefined as T;
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new WebError(
      "bad_response",
      `The server sent an unreadable answer to ${path}.`,
      response.status,
    );
  }
  const parsed = parser.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]?.message ?? "unexpected shape";
    throw new WebError("bad_response", `Unexpected answer from ${path}: ${issue}`, response.status);
  }
  return parsed.data;
}

async function errorFrom(response: Response): Promise<WebError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's HTML error page): fall through to the status line.
  }
  const parsed = ApiErrorBody.safeParse(body);
  if (parsed.success) {
    const { code, message, requestId } = parsed.data.error;
    return new WebError(isErrorCode(code) ? code : "internal", message, response.status, requestId);
  }
  const code =
    response.status === 401 ? "unauthorized" : response.status === 404 ? "not_found" : "internal";
  return new WebError(
    code,
    `The server answered ${response.status} ${response.statusText}.`.trim(),
    response.status,
  );
}
