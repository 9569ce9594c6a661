import { describe, expect, it } from "vitest";
import { redactText } from "./redactText";

describe("redactText", () => {
  it.each([
    ["password=hunter2 user=bob", "password=[REDACTED] user=bob"],
    ['{"token": "abc123xyz", "user": "bob"}', '{"token": "[REDACTED]", "user": "bob"}'],
    ["--db-password=s3cr3t --port=5432", "--db-password=[REDACTED] --port=5432"],
    ["client_secret: zzz", "client_secret: [REDACTED]"],
    ["AWS_SECRET_ACCESS_KEY = wJalrXUtnFEMI", "AWS_SECRET_ACCESS_KEY = [REDACTED]"],
    ["Authorization: Bearer abcdefghijklmnop", "Authorization: Bearer [REDACTED]"],
    ["Authorization: Basic dXNlcjpwYXNz", "Authorization: Basic [REDACTED]"],
    [
      "connecting to postgres://app:pa55w0rd@db:5432/shop",
      "connecting to postgres://app:[REDACTED]@db:5432/shop",
    ],
    ["dsn=app:pa55@tcp(mysql:3306)/shop", "dsn=app:[REDACTED]@tcp(mysql:3306)/shop"],
    ["key AKIAIOSFODNN7EXAMPLE used", "key [REDACTED] used"],
    ["gh token ghp_abcdefghijklmnopqrstuvwxyz0123456789", "gh token [REDACTED]"],
    ["openai sk-abcdefghijklmnopqrstuvwx1234", "openai [REDACTED]"],
    ["stripe sk_live_abcdefghijklmnop1234", "stripe [REDACTED]"],
    // An assignment that is the value of a harmless `name:` (event and log prose).
    ["the request failed: client_secret=zzz9", "the request failed: client_secret=[REDACTED]"],
    ["login failed: token=abc123 rejected", "login failed: token=[REDACTED] rejected"],
    [
      "progressing: secret=s3 retry: password=p4",
      "progressing: secret=[REDACTED] retry: password=[REDACTED]",
    ],
  ])("masks %s", (input, expected) => {
    expect(redactText(input)).toBe(expected);
  });

  it("masks a JWT anywhere", () => {
    const jwt =
      "eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiJzeXN0ZW06c2VydmljZWFjY291bnQifQ.c2lnbmF0dXJlLXZhbHVl";
    expect(redactText(`got ${jwt} from sa`)).toBe("got [REDACTED] from sa");
  });

  it("keeps certificates (public) readable", () => {
    const cert = "-----BEGIN CERTIFICATE-----\nMIIBpTCCAUygAwIBAgIQ\n-----END CERTIFICATE-----";
    expect(redactText(cert)).toBe(cert);
  });

  it("masks PEM private keys, terminated or not", () => {
    const pem =
      "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA1\nabc\n-----END RSA PRIVATE KEY-----";
    expect(redactText(`key:\n${pem}\ndone`)).toBe(
      "key:\n-----BEGIN RSA PRIVATE KEY-----[REDACTED]-----END RSA PRIVATE KEY-----\ndone",
    );
    expect(redactText("-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg")).toBe(
      "-----BEGIN PRIVATE KEY-----[REDACTED]",
    );
  });

  it.each([
    'MountVolume.SetUp failed for volume "secret-vol" : secret "db-creds" not found',
    "Error: couldn't find key password in Secret shop/db-creds",
    "secretName: db-creds",
    "valueFrom.secretKeyRef: db-creds",
    "tokenPath=/var/run/secrets/token",
    "Basic authentication failed for user bob",
    "Back-off restarting failed container app in pod checkout-7d9_shop(1234)",
    "Started container at 10:42:07",
    "token expired, refreshing",
    "test passed: 12",
    "error: url=http://db:5432/app",
  ])("keeps evidence intact: %s", (text) => {
    expect(redactText(text)).toBe(text);
  });

  it("is idempotent and can skip assignments", () => {
    const once = redactText("password=x token: y");
    expect(redactText(once)).toBe(once);
    expect(redactText("password:  16 bytes", { assignments: false })).toBe("password:  16 bytes");
  });

  it("reads a long log line in one pass: a chain of names, a long run of name characters", () => {
    // A chain `a:a:…` once overflowed the stack (one nested call per name).
    const chain = `error: ${"a:".repeat(50_000)}token=s3cr3t`;
    expect(redactText(chain)).toBe(`error: ${"a:".repeat(50_000)}token=[REDACTED]`);
    // A blob tried from each of its characters took minutes; the test's 5 s deadline catches that.
    const blob = `payload: ${"f".repeat(200_000)}! password=p4`;
    expect(redactText(blob)).toBe(`payload: ${"f".repeat(200_000)}! password=[REDACTED]`);
  });

  it("finds a quoted name right after a word and a name after leading digits or dashes", () => {
    expect(redactText("cfg'client_secret':abc")).toBe("cfg'client_secret':[REDACTED]");
    expect(redactText("--db-password=x 2fa_secret=y")).toBe(
      "--db-password=[REDACTED] 2fa_secret=[REDACTED]",
    );
  });
});
