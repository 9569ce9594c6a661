import { describe, expect, it } from "vitest";
import { CENSOR } from "./log-redaction";
import { createLogger } from "./logger";

/** A logger writing into an array, one parsed object per line. */
function capture() {
  const lines: string[] = [];
  const log = createLogger("debug", { write: (line: string) => lines.push(line) });
  return { log, lines, text: () => lines.join("") };
}

const SECRETS = {
  token: "tok-top-level-0001",
  bearer: "Bearer eyJhbGciOi.nested-header-0002",
  cookie: "kubemedic_session=cookie-value-0003",
  password: "db-password-0004",
  apiKey: "sk-test-api-key-0005",
  deep: "deep-secret-0006",
  clientKey: "LS0tLS1CRUdJTi-client-key-0007",
  refresh: "refresh-token-0008",
};

describe("createLogger", () => {
  it("censors secret-named fields at the top level, nested, in arrays, in child bindings and in errors", () => {
    const { log, lines, text } = capture();
    log.info({ token: SECRETS.token, conversationId: "c-1" }, "top level");
    log.error(
      { err: { config: { headers: { authorization: SECRETS.bearer, Cookie: SECRETS.cookie } } } },
      "nested plain object",
    );
    log.info({ attempts: [{ headers: { Authorization: SECRETS.bearer } }] }, "in an array");
    log.child({ password: SECRETS.password }).info("child bindings");
    log.info({ a: { b: { c: { d: { e: { openAIApiKey: SECRETS.apiKey } } } } } }, "deep");
    // An HTTP client's error: the request config with its headers, the response, a URL password.
    const clientError = Object.assign(
      new Error(`connect to postgresql://kubemedic:${SECRETS.password}@db:5432/app failed`),
      {
        config: { url: "https://api.example", headers: { Authorization: SECRETS.bearer } },
        response: { status: 401, headers: { "set-cookie": SECRETS.cookie } },
        cause: Object.assign(new Error("inner"), { request: { token: SECRETS.deep } }),
      },
    );
    log.error({ err: clientError }, "client error");
    log.warn(clientError, "error as the first argument");
    log.info({ detail: { failure: clientError } }, "error nested elsewhere");
    // A kubeconfig's spelling of the same names.
    log.info(
      {
        users: [{ user: { "client-key-data": SECRETS.clientKey, refresh_token: SECRETS.refresh } }],
      },
      "kubeconfig spelling",
    );

    const out = text();
    for (const secret of Object.values(SECRETS)) expect(out).not.toContain(secret);
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    // Censored, not dropped: the line still says a token was there.
    expect(parsed[0]).toMatchObject({ token: CENSOR, conversationId: "c-1" });
    expect(parsed[1]).toMatchObject({
      err: { config: { headers: { authorization: CENSOR, Cookie: CENSOR } } },
    });
    expect(parsed[3]).toMatchObject({ password: CENSOR });
    expect(parsed[8]).toMatchObject({
      users: [{ user: { "client-key-data": CENSOR, refresh_token: CENSOR } }],
    });
    // What helps debugging stays: the message (minus the password), the status.
    expect(parsed[5]).toMatchObject({
      err: {
        message: expect.stringContaining(
          `connect to postgresql://${CENSOR}@db:5432/app failed`,
        ) as unknown,
        response: { status: 401 },
      },
    });
    expect(out).toContain("client error");
  });

  it("leaves a line without secrets as it was", () => {
    const { log, lines } = capture();
    const fields = { conversationId: "c", turnId: "t", tokens: 3, nested: { status: "ok" } };
    log.info(fields, "turn ended");
    expect(JSON.parse(lines[0]!)).toMatchObject(fields);
  });
});
