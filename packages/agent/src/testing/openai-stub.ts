import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** One scripted answer of the stub. */
export interface StubReply {
  /** Assistant text (streamed in small pieces). */
  text?: string;
  /**
   * Tool calls; several make a parallel call. `arguments` as a string is sent
   * verbatim (use it for malformed JSON), an object is JSON-encoded.
   */
  toolCalls?: { id?: string; name: string; arguments: string | Record<string, unknown> }[];
  /** An HTTP error instead of an answer (429, 500…), with an OpenAI-style error body. */
  status?: number;
  errorMessage?: string;
  /** Extra response headers, e.g. `retry-after`. */
  headers?: Record<string, string>;
  /** Wait before answering (cancellation and timeout tests). @default 0 */
  delayMs?: number;
  /** Wait between streamed chunks. @default 0 */
  chunkDelayMs?: number;
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Reasoning text, streamed before the answer when the stub has a `reasoningField` quirk. */
  reasoning?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body, exactly as received: scan it for what must never be sent. */
  raw: string;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: ChatRequestBody | undefined;
  at: number;
  /** Set when the client hung up before the answer was complete (a cancelled call). */
  aborted?: boolean;
}

export interface ChatRequestBody {
  model?: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  messages?: { role: string; content: unknown; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: { type: string; function: { name: string } }[];
  tool_choice?: unknown;
  parallel_tool_calls?: boolean;
  response_format?: unknown;
  [key: string]: unknown;
}

/** The script: replies in order, or a function of the request and its index. */
export type StubScript =
  | (StubReply | ((req: RecordedRequest, index: number) => StubReply))[]
  | ((req: RecordedRequest, index: number) => StubReply);

/**
 * How a given OpenAI-compatible server differs from OpenAI's own, as seen on the wire. Each is a
 * behaviour of a real server (docs/agent.md, "LLM endpoints"); unset means OpenAI's.
 */
export interface StubQuirks {
  /**
   * Azure OpenAI: only `POST /openai/deployments/{deployment}/chat/completions?api-version=…`
   * with the key in an `api-key` header; any other path 404s, a wrong key 401s.
   */
  azure?: { deployment: string; apiVersion: string; apiKey: string };
  /** A server that rejects `stream_options` (400), as older vLLM and LM Studio builds do. */
  rejectStreamOptions?: boolean;
  /** A server that rejects `response_format: json_schema` (400), as DeepSeek does. */
  rejectJsonSchema?: boolean;
  /** A model without tool calling: any request with `tools` gets this 400 message. */
  rejectTools?: string;
  /** Tool-call arguments in one chunk with the call's id and name (Ollama), not streamed in pieces. */
  wholeToolArguments?: boolean;
  /** Reasoning streamed before the answer under this delta field (DeepSeek, vLLM: `reasoning_content`; OpenRouter: `reasoning`). */
  reasoningField?: "reasoning_content" | "reasoning";
  /** Reasoning sent back in a request is refused (400), as DeepSeek refuses `reasoning_content` in input messages. */
  rejectReasoningInInput?: boolean;
  /** `finish_reason: "stop"` even when the answer is tool calls (Ollama, some LM Studio models). */
  stopWithToolCalls?: boolean;
  /** Usage in every chunk rather than in a last one asked for with `stream_options` (LiteLLM with some backends). */
  usageInEveryChunk?: boolean;
}

export interface OpenAIStub {
  /** Base URL for OPENAI_BASE_URL / `configuration.baseURL`, ending in `/v1`. */
  url: string;
  /** Every request received, in order (chat completions and anything else). */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A local OpenAI-compatible server for tests: `POST /v1/chat/completions`
 * answers from the script, as SSE (`stream: true`, tool-call arguments split
 * across chunks, usage in a final chunk when `stream_options.include_usage`)
 * or as one JSON completion. Past the end of a list script it answers 500 so
 * a test notices an unexpected extra call.
 */
export async function startOpenAIStub(
  script: StubScript,
  opts: { host?: string; quirks?: StubQuirks } = {},
): Promise<OpenAIStub> {
  const quirks = opts.quirks ?? {};
  const requests: RecordedRequest[] = [];
  let chatIndex = 0;
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    void handle(req, res);
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    let body: ChatRequestBody | undefined;
    try {
      body = raw ? (JSON.parse(raw) as ChatRequestBody) : undefined;
    } catch {
      body = undefined;
    }
    const record: RecordedRequest = {
      method: req.method ?? "",
      path: req.url ?? "",
      headers: req.headers,
      raw,
      body,
      at: Date.now(),
    };
    requests.push(record);
    const refused = refusal(quirks, req, body);
    if (refused !== undefined) {
      sendError(res, refused.status, refused.message);
      return;
    }
    const index = chatIndex++;
    const entry = typeof script === "function" ? script : script[index];
    const reply: StubReply =
      entry === undefined
        ? { status: 500, errorMessage: `stub script exhausted: no reply #${index + 1}` }
        : typeof entry === "function"
          ? entry(record, index)
          : entry;
    let closed = false;
    res.on("close", () => {
      closed = true;
      if (!res.writableFinished) record.aborted = true;
    });
    if (reply.delayMs) await sleep(reply.delayMs);
    if (closed) return;
    if (reply.status !== undefined && reply.status >= 400) {
      sendError(
        res,
        reply.status,
        reply.errorMessage ?? `scripted HTTP ${reply.status}`,
        reply.headers,
      );
      return;
    }
    const id = `chatcmpl-stub-${index + 1}`;
    const model = body?.model ?? "stub-model";
    const usage = reply.usage ?? {
      prompt_tokens: Math.ceil(raw.length / 4),
      completion_tokens: Math.ceil((reply.text ?? "").length / 4) + 5,
    };
    const calls = (reply.toolCalls ?? []).map((c, i) => ({
      id: c.id ?? `call_stub_${index + 1}_${i}`,
      name: c.name,
      arguments: typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments),
    }));
    if (body?.stream === true) {
      res.writeHead(200, {
        "content-type": "text/event-stream",
        "cache-control": "no-cache",
        connection: "keep-alive",
        ...reply.headers,
      });
      const send = async (obj: unknown): Promise<void> => {
        if (closed) return;
        res.write(`data: ${JSON.stringify(obj)}\n\n`);
        if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
      };
      const base = {
        id,
        object: "chat.completion.chunk",
        created: Math.floor(Date.now() / 1000),
        model,
      };
      await send({
        ...base,
        choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }],
      });
      if (quirks.reasoningField !== undefined && reply.reasoning !== undefined) {
        for (const piece of pieces(reply.reasoning, 8)) {
          await send({
            ...base,
            choices: [
              {
                index: 0,
                delta: { content: null, [quirks.reasoningField]: piece },
                finish_reason: null,
              },
            ],
          });
        }
      }
      for (const piece of pieces(reply.text ?? "", 4)) {
        await send({
          ...base,
          choices: [{ index: 0, delta: { content: piece }, finish_reason: null }],
        });
      }
      for (const [i, c] of calls.entries()) {
        // The first delta names the call; most servers then stream its arguments in pieces,
        // some (wholeToolArguments) send them whole in that first delta.
        await send({
          ...base,
          choices: [
            {
              index: 0,
              delta: {
                tool_calls: [
                  {
                    index: i,
                    id: c.id,
                    type: "function",
                    function: {
                      name: c.name,
                      arguments: quirks.wholeToolArguments ? c.arguments : "",
                    },
                  },
                ],
              },
              finish_reason: null,
            },
          ],
        });
        if (quirks.wholeToolArguments) continue;
        for (const part of pieces(c.arguments, Math.max(1, Math.ceil(c.arguments.length / 3)))) {
          await send({
            ...base,
            choices: [
              {
                index: 0,
                delta: { tool_calls: [{ index: i, function: { arguments: part } }] },
                finish_reason: null,
              },
            ],
          });
        }
      }
      const finish = calls.length > 0 && !quirks.stopWithToolCalls ? "tool_calls" : "stop";
      await send({
        ...base,
        choices: [{ index: 0, delta: {}, finish_reason: finish }],
        ...(quirks.usageInEveryChunk
          ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }
          : {}),
      });
      if (body.stream_options?.include_usage === true && !quirks.usageInEveryChunk) {
        await send({
          ...base,
          choices: [],
          usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
        });
      }
      if (!closed) res.end("data: [DONE]\n\n");
      return;
    }
    const message: Record<string, unknown> = {
      role: "assistant",
      content: reply.text ?? (calls.length > 0 ? null : ""),
    };
    if (quirks.reasoningField !== undefined && reply.reasoning !== undefined)
      message[quirks.reasoningField] = reply.reasoning;
    if (calls.length > 0) {
      message.tool_calls = calls.map((c) => ({
        id: c.id,
        type: "function",
        function: { name: c.name, arguments: c.arguments },
      }));
    }
    res.writeHead(200, { "content-type": "application/json", ...reply.headers });
    res.end(
      JSON.stringify({
        id,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [
          {
            index: 0,
            message,
            finish_reason: calls.length > 0 && !quirks.stopWithToolCalls ? "tool_calls" : "stop",
          },
        ],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      }),
    );
  }

  await new Promise<void>((resolve) => server.listen(0, opts.host ?? "127.0.0.1", resolve));
  const { port, address } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Why this server would refuse the request (its path, key or a field it does not take). */
function refusal(
  quirks: StubQuirks,
  req: IncomingMessage,
  body: ChatRequestBody | undefined,
): { status: number; message: string } | undefined {
  const url = new URL(req.url ?? "/", "http://stub");
  const azure = quirks.azure;
  const chatPath =
    azure === undefined
      ? url.pathname.endsWith("/chat/completions")
      : url.pathname === `/openai/deployments/${azure.deployment}/chat/completions` &&
        url.searchParams.get("api-version") === azure.apiVersion;
  if (req.method !== "POST" || !chatPath)
    return {
      status: 404,
      message: `the stub serves only POST ${azure === undefined ? "/v1/chat/completions" : `/openai/deployments/${azure.deployment}/chat/completions?api-version=${azure.apiVersion}`}, not ${req.method} ${req.url}`,
    };
  if (azure !== undefined && req.headers["api-key"] !== azure.apiKey)
    return { status: 401, message: "Access denied due to invalid subscription key." };
  if (quirks.rejectStreamOptions && body?.stream_options !== undefined)
    return { status: 400, message: "Unrecognized request argument supplied: stream_options" };
  const format = (body?.response_format as { type?: string } | undefined)?.type;
  if (quirks.rejectJsonSchema && format === "json_schema")
    return { status: 400, message: "This response_format type is unavailable now" };
  if (quirks.rejectTools !== undefined && (body?.tools?.length ?? 0) > 0)
    return { status: 400, message: quirks.rejectTools };
  if (
    quirks.rejectReasoningInInput &&
    body?.messages?.some((m) => "reasoning_content" in m || "reasoning" in m)
  )
    return {
      status: 400,
      message: "The reasoning_content is an intermediate result; do not send it back.",
    };
  return undefined;
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  headers?: Record<string, string>,
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(
    JSON.stringify({
      error: {
        message,
        type: status === 429 ? "rate_limit_exceeded" : "server_error",
        code: null,
        param: null,
      },
    }),
  );
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
