import { describe, expect, it } from "vitest";
import { commandSecrets, manifestSecrets, maskSecrets } from "./commandSecrets";

describe("commandSecrets", () => {
  it.each([
    ["set env deploy/api DB_PASSWORD=hunter2-typed LOG_LEVEL=debug", ["hunter2-typed"]],
    [
      `patch secret s -p '{"stringData":{"password":"s3cr3t-pw","token":"tok-98765"}}'`,
      ["s3cr3t-pw", "tok-98765"],
    ],
    ["set env deploy/x DATABASE_URL=postgres://app:pa55word@db/x", ["pa55word"]],
    ["scale deploy/x --replicas=3", []],
    ["set env deploy/x PASSWORD=abc", []], // too short to hunt for elsewhere
  ])("finds what redactCommand masks in %s", (line, secrets) => {
    expect(commandSecrets(line)).toEqual(secrets);
  });

  it("masks every occurrence, the longest secret first", () => {
    const secrets = commandSecrets("set env deploy/api A_TOKEN=abcd1234 B_PASSWORD=abcd1234xyz");
    expect(secrets).toEqual(["abcd1234xyz", "abcd1234"]);
    expect(maskSecrets("set B to abcd1234xyz and A to abcd1234.", secrets)).toBe(
      "set B to [REDACTED] and A to [REDACTED].",
    );
  });
});

describe("commandSecrets of a JSON patch", () => {
  it("finds a credential env value the preview's diff masks, and the command masks it too", () => {
    const line = `patch deploy/api -p '{"spec":{"template":{"spec":{"containers":[{"name":"api","env":[{"name":"DB_PASSWORD","value":"hunter2-typed"},{"name":"LOG_LEVEL","value":"debug"}]}]}}}}'`;
    expect(commandSecrets(line)).toEqual(["hunter2-typed"]);
  });
});

describe("manifestSecrets", () => {
  it("finds Secret values (and what base64 data decodes to) and credential env values", () => {
    const manifest = [
      "apiVersion: v1",
      "kind: Secret",
      "metadata: { name: db }",
      "stringData: { password: typed-in-chat-1 }",
      "data: { token: dG9rZW4tdmFsdWUtMg== }",
      "---",
      "apiVersion: apps/v1",
      "kind: Deployment",
      "metadata: { name: api }",
      "spec: { template: { spec: { containers: [ { name: api, env: [ { name: API_KEY, value: key-value-3 }, { name: MODE, value: fast } ] } ] } } }",
    ].join("\n");
    expect(manifestSecrets(manifest).sort()).toEqual(
      ["dG9rZW4tdmFsdWUtMg==", "key-value-3", "token-value-2", "typed-in-chat-1"].sort(),
    );
    expect(manifestSecrets("kind: [unclosed")).toEqual([]);
  });
});
