import { request } from "node:http";

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

/**
 * One HTTP request exactly as given — a path fetch() would normalize (`%`,
 * `%ff%fe`), headers fetch() would refuse or fill in (Content-Encoding, no
 * Content-Type), and a chosen loopback source address (`127.0.0.2`), so a
 * test can play several clients against a server bound to 127.0.0.1.
 */
export function rawHttp(
  base: string,
  path: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    localAddress?: string;
  } = {},
): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: init.method ?? "GET",
        path,
        headers: {
          ...init.headers,
          ...(init.body === undefined
            ? {}
            : { "content-length": String(Buffer.byteLength(init.body)) }),
        },
        ...(init.localAddress === undefined ? {} : { localAddress: init.localAddress }),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}
