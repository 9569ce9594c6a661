import http from "node:http";
import https from "node:https";
import type { KubeConfig } from "@kubernetes/client-node";
import { HttpMethod, IsomorphicFetchHttpLibrary, RequestContext } from "@kubernetes/client-node";
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
 * HTTP to one cluster through client-node: the kubeconfig's authentication
 * (tokens, client certificates, exec and auth-provider plugins) is applied by
 * `KubeConfig.applySecurityAuthentication` on every call, and requests go out
 * through client-node's fetch library. Two things are added: connections are
 * kept alive (client-node makes a fresh agent per call), and every failure
 * becomes a KubeError.
 */
export class Transport {
  private readonly library = new IsomorphicFetchHttpLibrary();
  private agent: { key: string; agent: http.Agent } | undefined;
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
    this.reuseConnections(context);
    context.setHeaderParam("Accept", req.accept ?? "application/json");
    context.setHeaderParam("User-Agent", "kubemedic");
    if (req.body !== undefined) {
      context.setHeaderParam("Content-Type", req.contentType ?? "application/json");
      context.setBody(typeof req.body === "string" ? req.body : JSON.stringify(req.body));
    }
    const deadline = AbortSignal.timeout(req.timeoutMs ?? this.timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, deadline]) : deadline;
    context.setSignal(signal);
    let status: number;
    let headers: Record<string, string>;
    let text: string;
    try {
      if (req.signal?.aborted) throw new KubeError("cancelled", "cancelled");
      const response = await this.library.send(context).toPromise();
      status = response.httpStatusCode;
      headers = response.headers;
      text = await response.body.text();
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
    if (status < 200 || status > 299) throw apiError(status, text, this.contextName);
    return { status, headers, text };
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
   * Swaps client-node's per-call agent for one long-lived keep-alive agent with
   * the same TLS options. Proxy agents are left alone.
   */
  private reuseConnections(context: RequestContext): void {
    const fresh = context.getAgent();
    if (fresh === undefined) return;
    const isHttps = fresh.constructor === https.Agent;
    if (!isHttps && fresh.constructor !== http.Agent) return;
    const options = (fresh as http.Agent & { options?: https.AgentOptions }).options ?? {};
    const key = JSON.stringify([
      isHttps,
      options.ca,
      options.cert,
      options.key,
      options.pfx,
      options.rejectUnauthorized,
      options.servername,
    ]);
    if (this.agent?.key !== key) {
      this.agent?.agent.destroy();
      const keepAlive = { ...options, keepAlive: true, maxSockets: 16 };
      this.agent = {
        key,
        agent: isHttps ? new https.Agent(keepAlive) : new http.Agent(keepAlive),
      };
    }
    context.setAgent(this.agent.agent);
  }
}
