import http from "node:http";
import https from "node:https";
import { promisify } from "node:util";
import { gunzip, inflate } from "node:zlib";
import type { KubeConfig } from "@kubernetes/client-node";
import { HttpMethod, RequestContext } from "@kubernetes/client-node";
import { KubeError } from "../errors";
import { apiError, networkError } from "./apiError";

export interface ApiRequest {
  /** @default "GET" */
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path from the server root, e.g. `/api/v1/namespaces/shop/pods`. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** @default "application/json" when a body is given */
  contentType?: string;
  /** @default "application/json" */
  accept?: string;
  signal?: AbortSignal;
  /** Overrides the transport's default deadline for this call. */
  timeoutMs?: number;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export interface TransportOptions {
  /** Per-request deadline. @default 30_000 */
  timeoutMs?: number;
  /**
   * The largest answer read, as received and once decompressed: a bound on
   * the memory one answer may take (a gzip bomb stops here). Lists come in
   * pages of a few MB. @default 256 MiB
   */
  maxResponseBytes?: number;
}

/**
 * HTTP to one cluster: the kubeconfig's authentication (tokens, client
 * certificates, exec and auth-provider plugins) is applied by client-node's
 * `KubeConfig.applySecurityAuthentication` on every call; the request itself
 * goes out through Node's http(s) module on one long-lived keep-alive agent
 * (client-node makes a fresh agent per call, and its fetch layer costs more
 * than the request on a nearby server). Every failure becomes a KubeError.
 */
export class Transport {
  private agent: { options: AgentKey; agent: http.Agent } | undefined;
  readonly server: string;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;

  constructor(
    private readonly kc: KubeConfig,
    private readonly contextName: string,
    options: TransportOptions = {},
  ) {
    this.server = kc.getCurrentCluster()?.server.replace(/\/+$/, "") ?? "";
    if (this.server === "") {
      throw new KubeError("no_config", `context "${contextName}" has no cluster server address`);
    }
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxResponseBytes = options.maxResponseBytes ?? 256 * 2 ** 20;
  }

  /** Sends a request; a non-2xx answer throws the matching KubeError. */
  async request(req: ApiRequest): Promise<ApiResponse> {
    const url = new URL(this.server + req.path);
    for (const [key, value] of Object.entries(req.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const context = new RequestContext(url.toString(), HttpMethod[req.method ?? "GET"]);
    try {
      await this.kc.applySecurityAuthentication(context);
    } catch (error) {
      if (error instanceof KubeError) throw error;
      throw new KubeError(
        "unauthorized",
        `cannot get credentials for context "${this.contextName}": ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    const agent = this.reuseConnections(context);
    const headers: Record<string, string> = {
      ...context.getHeaders(),
      Accept: req.accept ?? "application/json",
      "User-Agent": "kubemedic",
      // Large lists come compressed from a remote server (the API server gzips above 128 KiB).
      "Accept-Encoding": "gzip",
    };
    let body: string | undefined;
    if (req.body !== undefined) {
      headers["Content-Type"] = req.contentType ?? "application/json";
      body = typeof req.body === "string" ? req.body : JSON.stringify(req.body);
      headers["Content-Length"] = String(Buffer.byteLength(body));
    }
    const deadline = AbortSignal.timeout(req.timeoutMs ?? this.timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, deadline]) : deadline;
    let response: ApiResponse;
    try {
      if (req.signal?.aborted) throw new KubeError("cancelled", "cancelled");
      response = await send(
        url,
        { method: req.method ?? "GET", headers, agent, signal },
        body,
        this.maxResponseBytes,
      );
    } catch (error) {
      if (error instanceof KubeError) throw error;
      if (req.signal?.aborted) throw new KubeError("cancelled", "the request was cancelled");
      if (deadline.aborted) {
        throw new KubeError(
          "timeout",
          `no answer from the API server within ${Math.round((req.timeoutMs ?? this.timeoutMs) / 1000)}s`,
        );
      }
      throw networkError(error, this.server);
    }
    if (response.status < 200 || response.status > 299) {
      throw apiError(response.status, response.text, this.contextName);
    }
    return response;
  }

  /** GET (or any method) and parse the JSON answer. */
  async json<T = unknown>(req: ApiRequest): Promise<T> {
    const response = await this.request(req);
    try {
      return JSON.parse(response.text) as T;
    } catch (error) {
      throw new KubeError("server_error", `the API server answered ${req.path} with non-JSON`, {
        cause: error,
      });
    }
  }

  /** Closes kept-alive connections. */
  close(): void {
    this.agent?.agent.destroy();
    this.agent = undefined;
  }

  /**
   * Replaces client-node's per-call agent with one long-lived keep-alive agent
   * with the same TLS options (a new one only when they change: another
   * client certificate after a refresh). Proxy agents are used as they come.
   */
  private reuseConnections(context: RequestContext): http.Agent | undefined {
    const fresh = context.getAgent();
    if (fresh === undefined) return undefined;
    const isHttps = fresh.constructor === https.Agent;
    if (!isHttps && fresh.constructor !== http.Agent) return fresh;
    const options = (fresh as http.Agent & { options?: https.AgentOptions }).options ?? {};
    const key: AgentKey = [
      isHttps,
      options.ca,
      options.cert,
      options.key,
      options.pfx,
      options.passphrase,
      options.rejectUnauthorized,
      options.servername,
    ];
    if (this.agent === undefined || !sameKey(this.agent.options, key)) {
      if (this.agent !== undefined) retire(this.agent.agent);
      const keepAlive = { ...options, keepAlive: true, maxSockets: 16 };
      this.agent = {
        options: key,
        agent: isHttps ? new https.Agent(keepAlive) : new http.Agent(keepAlive),
      };
    }
    return this.agent.agent;
  }
}

/**
 * Lets an agent's requests in flight finish (requests sharing one
 * Transport run in parallel), then closes their sockets instead of keeping
 * them; idle sockets close now.
 */
function retire(agent: http.Agent): void {
  agent.keepSocketAlive = () => false;
  for (const sockets of Object.values(agent.freeSockets))
    for (const s of sockets ?? []) s.destroy();
}

/** What makes two agents interchangeable: the protocol and the TLS material. */
type AgentKey = readonly unknown[];

/** Compared by content (client-node decodes the certificates afresh on every call). */
function sameKey(a: AgentKey, b: AgentKey): boolean {
  return a.length === b.length && a.every((value, i) => sameValue(value, b[i]));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Buffer.isBuffer(a) && Buffer.isBuffer(b)) return a.equals(b);
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((value, i) => sameValue(value, b[i]));
  }
  return false;
}

const gunzipAsync = promisify(gunzip);
const inflateAsync = promisify(inflate);

/**
 * One HTTP exchange; the whole answer is read, decompressed and decoded as
 * UTF-8, up to `maxBytes` at each step (a KubeError `unsupported` beyond).
 */
function send(
  url: URL,
  options: {
    method: string;
    headers: Record<string, string>;
    agent: http.Agent | undefined;
    signal: AbortSignal;
  },
  body: string | undefined,
  maxBytes: number,
): Promise<ApiResponse> {
  const module = url.protocol === "https:" ? https : http;
  const tooLarge = () =>
    new KubeError(
      "unsupported",
      `the API server's answer to ${url.pathname} is larger than ${Math.round(maxBytes / 2 ** 20)} MiB: ask for less (one namespace, a label selector, --limit-bytes or --tail for logs)`,
    );
  return new Promise((resolve, reject) => {
    const request = module.request(url, options, (response) => {
      const chunks: Buffer[] = [];
      let received = 0;
      response.on("data", (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes) request.destroy(tooLarge());
        else chunks.push(chunk);
      });
      response.on("error", reject);
      response.on("end", () => {
        const raw = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
        const encoding = String(response.headers["content-encoding"] ?? "").toLowerCase();
        const limit = { maxOutputLength: maxBytes };
        const decoded =
          encoding === "gzip"
            ? gunzipAsync(raw, limit)
            : encoding === "deflate"
              ? inflateAsync(raw, limit)
              : Promise.resolve(raw);
        decoded.then(
          (bytes) =>
            resolve({
              status: response.statusCode ?? 0,
              headers: flatHeaders(response.headers),
              text: bytes.toString("utf8"),
            }),
          (error: unknown) =>
            reject(
              (error as { code?: unknown }).code === "ERR_BUFFER_TOO_LARGE"
                ? tooLarge()
                : new KubeError(
                    "server_error",
                    `the API server's ${encoding} answer to ${url.pathname} cannot be decompressed`,
                    { cause: error },
                  ),
            ),
        );
      });
    });
    request.on("error", reject);
    request.end(body);
  });
}

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}
