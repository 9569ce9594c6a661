import type { z } from "zod";
import { ClientFrame, CLIENT_FRAME_TYPES } from "./client-frames";
import type { ErrorCode } from "./codes";
import { jsonNestsDeeper, MAX_JSON_DEPTH } from "./json-scan";
import { isSupportedProtocol } from "./version";

/** Default largest frame the gateway reads, in bytes. */
export const MAX_FRAME_BYTES = 64 * 1024;

export type ParseResult<T> =
  { ok: true; value: T } | { ok: false; code: ErrorCode; message: string; requestId?: string };

/**
 * Validates a raw WebSocket payload at the edge. Never throws: every failure
 * becomes a code and a message fit for an error frame, with the request id when
 * one could be read, so the client can match the error to what it sent.
 */
export function parseClientFrame(
  raw: RawFrame,
  maxBytes = MAX_FRAME_BYTES,
): ParseResult<ClientFrame> {
  if (rawByteLength(raw) > maxBytes) {
    return { ok: false, code: "frame_too_large", message: `frame exceeds ${maxBytes} bytes` };
  }
  const source = typeof raw === "string" ? raw : toBytes(raw);
  // Before any parse: a deeply nested document is cheap to send and costly to parse.
  if (jsonNestsDeeper(source, MAX_JSON_DEPTH)) {
    return {
      ok: false,
      code: "bad_request",
      message: `frame nests deeper than ${MAX_JSON_DEPTH} levels`,
    };
  }
  const text = typeof source === "string" ? source : decoder.decode(source);
  if (typeof raw === "string" && encoder.encode(text).byteLength > maxBytes) {
    return { ok: false, code: "frame_too_large", message: `frame exceeds ${maxBytes} bytes` };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, code: "invalid_json", message: "frame is not valid JSON" };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return { ok: false, code: "bad_request", message: "frame must be a JSON object" };
  }
  const record = data as Record<string, unknown>;
  const requestId =
    typeof record.requestId === "string" && record.requestId.length <= 100
      ? record.requestId
      : undefined;
  const withId = requestId === undefined ? {} : { requestId };
  if (typeof record.v === "string" && !isSupportedProtocol(record.v)) {
    return {
      ok: false,
      code: "unsupported_protocol",
      message: `protocol version ${record.v.slice(0, 16)} is not supported`,
      ...withId,
    };
  }
  if (typeof record.type !== "string") {
    return { ok: false, code: "bad_request", message: "frame has no string 'type'", ...withId };
  }
  if (!(CLIENT_FRAME_TYPES as readonly string[]).includes(record.type)) {
    return {
      ok: false,
      code: "unknown_type",
      message: `unknown frame type '${record.type.slice(0, 64)}'`,
      ...withId,
    };
  }
  const parsed = ClientFrame.safeParse(data);
  if (!parsed.success) {
    return { ok: false, code: "bad_request", message: describeIssues(parsed.error), ...withId };
  }
  return { ok: true, value: parsed.data };
}

/** A short, readable summary of zod issues: `text: message is empty; clientMessageId: …`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path.map(String).join(".");
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

/** What a WebSocket library hands over: text, bytes, or fragments (Node's Buffer is a Uint8Array). */
export type RawFrame = string | Uint8Array | ArrayBuffer | Uint8Array[];

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8");

/** A frame's size in bytes (for a string, its length: a lower bound, checked exactly after decoding). */
export function rawByteLength(raw: RawFrame): number {
  if (typeof raw === "string") return raw.length;
  if (Array.isArray(raw)) return raw.reduce((n, part) => n + part.byteLength, 0);
  return raw.byteLength;
}

function toBytes(raw: Exclude<RawFrame, string>): Uint8Array {
  if (raw instanceof ArrayBuffer) return new Uint8Array(raw);
  if (!Array.isArray(raw)) return raw;
  const joined = new Uint8Array(rawByteLength(raw));
  let offset = 0;
  for (const part of raw) {
    joined.set(part, offset);
    offset += part.byteLength;
  }
  return joined;
}
