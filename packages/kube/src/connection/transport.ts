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
      response = await send(url, { method: req.method ?? "GET", headers, agent, signal }, body);
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
      options.rejectUnauthorized,
      options.servername,
    ];
    if (this.agent === undefined || !sameKey(this.agent.options, key)) {
      this.agent?.agent.destroy();
      const keepAlive = { ...options, keepAlive: true, maxSockets: 16 };
      this.agent = {
        options: key,
        agent: isHttps ? new https.Agent(keepAlive) : new http.Agent(keepAlive),
      };
    }
    return this.agent.agent;
  }
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

/** One HTTP exchange; the whole answer is read, decompressed and decoded as UTF-8. */
function send(
  url: URL,
  options: {
    method: string;
    headers: Record<string, string>;
    agent: http.Agent | undefined;
    signal: AbortSignal;
  },
  body: string | undefined,
): Promise<ApiResponse> {
  const module = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = module.request(url, options, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const raw = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
        const encoding = String(response.headers["content-encoding"] ?? "").toLowerCase();
        const decoded =
          encoding === "gzip"
            ? gunzipAsync(raw)
            : encoding === "deflate"
              ? inflateAsync(raw)
              : Promise.resolve(raw);
        decoded.then(
          (bytes) =>
            resolve({
              status: response.statusCode ?? 0,
              headers: flatHeaders(response.headers),
              text: bytes.toString("utf8"),
            }),
          reject,
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
