import type { IncomingMessage, ServerResponse } from "node:http";
import { parse as parseYaml } from "yaml";
import { ApiError } from "../api/status";
import { isObject, type JsonObject } from "../util/json";
import { GZIP_THRESHOLD } from "./response-cache";

/** Bodies above this are refused (the real API server's limit is 3 MiB for most objects). @default 8 MiB */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  return (await readBodyBytes(req)).toString("utf8");
}

export async function readBodyBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const b = chunk as Buffer;
    size += b.length;
    if (size > MAX_BODY_BYTES)
      throw new ApiError("BadRequest", `request body too large (limit ${MAX_BODY_BYTES} bytes)`);
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

/** A JSON (or YAML, by content type) object body; anything else is a 400 like the real server's. */
export function parseObjectBody(text: string, contentType: string | undefined): JsonObject {
  if (/cbor/.test(contentType ?? "")) {
    throw new ApiError(
      "UnsupportedMediaType",
      `the body of the request was in an unknown format - accepted media types include: application/json, application/yaml (got ${contentType ?? ""})`,
    );
  }
  let value: unknown;
  try {
    value = /yaml/.test(contentType ?? "") ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    throw new ApiError(
      "BadRequest",
      `the body of the request was in an unknown format - accepted media types include: application/json, application/yaml (${(error as Error).message})`,
    );
  }
  if (!isObject(value))
    throw new ApiError("BadRequest", "the body of the request must be a JSON object");
  return value;
}

export function send(
  res: ServerResponse,
  code: number,
  body: string,
  contentType = "application/json",
): void {
  res.writeHead(code, {
    "Content-Type": contentType,
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-cache, private",
  });
  res.end(body);
}

/**
 * Sends a prepared body, gzip-compressed when the client accepts it and the
 * body is large (as the API server's response compression does).
 */
export function sendBuffer(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  gzip: (() => Buffer) | undefined,
  contentType = "application/json",
): void {
  const accepts = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  if (gzip !== undefined && accepts && body.length > GZIP_THRESHOLD) {
    const z = gzip();
    res.writeHead(200, {
      "Content-Type": contentType,
      "Content-Encoding": "gzip",
      "Content-Length": z.length,
      "Cache-Control": "no-cache, private",
      Vary: "Accept-Encoding",
    });
    res.end(z);
    return;
  }
  res.writeHead(200, {
    "Content-Type": contentType,
    "Content-Length": body.length,
    "Cache-Control": "no-cache, private",
  });
  res.end(body);
}

export function sendJson(res: ServerResponse, code: number, value: unknown): void {
  send(res, code, JSON.stringify(value));
}

export function sendError(res: ServerResponse, error: ApiError): void {
  sendJson(res, error.code, error.toStatus());
}
