import { request } from "node:https";
import type { DemoCluster } from "../src/index";

export interface ApiAnswer {
  status: number;
  contentType: string;
  contentEncoding: string;
  bytes: Buffer;
  text: string;
  json: () => Record<string, unknown>;
}

export interface CallOptions {
  body?: unknown;
  raw?: string | Buffer;
  contentType?: string;
  accept?: string;
  /** null sends no Authorization header. @default the cluster's token */
  token?: string | null;
  headers?: Record<string, string>;
}

/** One HTTPS request to the simulator, trusting its self-signed CA. */
export function call(
  cluster: DemoCluster,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiAnswer> {
  const url = new URL(path, cluster.url);
  const body =
    options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const headers: Record<string, string> = {
    Accept: options.accept ?? "application/json",
    ...options.headers,
  };
  const token = options.token === undefined ? cluster.token : options.token;
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = options.contentType ?? "application/json";
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, ca: cluster.caPem }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        const text = bytes.toString("utf8");
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers["content-type"] ?? ""),
          contentEncoding: String(res.headers["content-encoding"] ?? ""),
          bytes,
          text,
          json: () => JSON.parse(text) as Record<string, unknown>,
        });
      });
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Opens a watch and collects `{type, object}` lines until stop() (or the server ends it). */
export function watch(
  cluster: DemoCluster,
  path: string,
  accept = "application/json",
): {
  events: { type: string; object: Record<string, unknown> }[];
  stop: () => void;
  ended: Promise<void>;
} {
  const events: { type: string; object: Record<string, unknown> }[] = [];
  let buffer = "";
  let stop = (): void => undefined;
  const ended = new Promise<void>((resolve, reject) => {
    const req = request(
      new URL(path, cluster.url),
      { headers: { Authorization: `Bearer ${cluster.token}`, Accept: accept }, ca: cluster.caPem },
      (res) => {
        res.on("data", (c: Buffer) => {
          buffer += c.toString("utf8");
          let i;
          while ((i = buffer.indexOf("\n")) >= 0) {
            const line = buffer.slice(0, i);
            buffer = buffer.slice(i + 1);
            if (line.trim() !== "")
              events.push(JSON.parse(line) as { type: string; object: Record<string, unknown> });
          }
        });
        res.on("end", () => resolve());
        res.on("close", () => resolve());
      },
    );
    req.on("error", (e) =>
      (e as NodeJS.ErrnoException).code === "ECONNRESET" ? resolve() : reject(e),
    );
    req.end();
    stop = () => req.destroy();
  });
  return { events, stop: () => stop(), ended };
}

export async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}
