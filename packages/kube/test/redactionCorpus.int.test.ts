import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoFixture } from "./demoFixture";
import { startDemoFixture } from "./demoFixture";

/**
 * The redaction corpus: a scenario full of secret values (Secrets with data,
 * stringData and last-applied copies, a service-account JWT, registry
 * credentials, credential env values and arguments, a ConfigMap with
 * passwords, events and logs quoting tokens, a PEM private key) run through
 * every output form of the engine. No value may survive in any form, whole or
 * base64-encoded, in the text or in the structured result.
 */
const CORPUS = fileURLToPath(new URL("./fixtures/redaction-corpus", import.meta.url));
const SECRETS = Object.values(
  JSON.parse(readFileSync(`${CORPUS}/secrets.json`, "utf8")) as Record<string, string>,
);
const FORBIDDEN = [...SECRETS, ...SECRETS.map((s) => Buffer.from(s).toString("base64"))];

const FORMS = [
  // get: every output format, one object and lists, Secrets and everything else
  "get secrets -n vault",
  "get secrets -n vault -o wide",
  "get secrets -n vault -o yaml",
  "get secrets -n vault -o json",
  "get secret app-credentials -n vault -o yaml",
  "get secret app-credentials -n vault -o json",
  "get secret app-token -n vault -o yaml",
  "get secret registry -n vault -o json",
  "get secrets -n vault -o name",
  "get secret app-credentials -n vault -o jsonpath={.data.password}",
  "get secret app-credentials -n vault -o jsonpath={.data}",
  "get secret app-credentials -n vault -o jsonpath={.stringData}",
  "get secret app-credentials -n vault -o jsonpath={.metadata.annotations}",
  "get secrets -n vault -o jsonpath={..data}",
  `get secrets -n vault -o jsonpath='{range .items[*]}{.metadata.name}={.data.token}{"\\n"}{end}'`,
  "get secrets -n vault -o jsonpath-as-json={.items[*].data}",
  "get secrets -n vault -o custom-columns=NAME:.metadata.name,DATA:.data,TOKEN:.data.token",
  "get secrets -n vault --sort-by=.metadata.name",
  "get secrets -n vault --show-labels",
  "get secrets -A -o json",
  "get all -n vault -o yaml",
  "get deploy,pods,cm,secrets -n vault -o json",
  "get pods -n vault -o yaml",
  "get pod vault-app-0 -n vault -o json",
  "get pods -n vault -o jsonpath={..env}",
  "get pods -n vault -o jsonpath={..args}",
  "get pods -n vault -o custom-columns=ENV:.spec.containers[*].env[*].value",
  "get deploy vault-app -n vault -o yaml",
  "get deploy -n vault -o jsonpath={.items[0].spec.template.spec.containers[0].env}",
  "get cm app-config -n vault -o yaml",
  "get cm -n vault -o jsonpath={.items[*].data}",
  "get events -n vault",
  "get events -n vault -o yaml",
  "get events -n vault -o custom-columns=MSG:.message",
  // describe: sizes only for Secrets; env, args, events elsewhere
  "describe secret app-credentials -n vault",
  "describe secrets -n vault",
  "describe pod vault-app-0 -n vault",
  "describe deploy vault-app -n vault",
  "describe rs -n vault",
  "describe cm app-config -n vault",
  "describe ns vault",
  // logs, events, history
  "logs vault-app-0 -n vault",
  "logs vault-app-0 -n vault --tail=-1 --timestamps",
  "logs -l app=vault-app -n vault --prefix",
  "logs deploy/vault-app -n vault",
  "events -n vault",
  "events -n vault -o json",
  "rollout history deploy/vault-app -n vault",
];

let fx: DemoFixture;
beforeAll(async () => {
  fx = await startDemoFixture({
    scenarios: [CORPUS],
    engine: { maxLines: 100_000, maxBytes: 10_000_000, logTailDefault: 10_000 },
  });
});
afterAll(async () => {
  await fx.close();
});

describe("redaction corpus", () => {
  it("has secret values to look for, and the cluster really holds them", async () => {
    expect(SECRETS.length).toBeGreaterThanOrEqual(15);
    // Reading around the engine proves the corpus is live: the raw API returns the values.
    const raw = await fx.cluster.transport.request({
      path: "/api/v1/namespaces/vault/secrets/app-credentials",
    });
    expect(raw.text).toContain(Buffer.from("corpus-db-Pa55w0rd-7731").toString("base64"));
    const log = await fx.cluster.transport.request({
      path: "/api/v1/namespaces/vault/pods/vault-app-0/log",
    });
    expect(log.text).toContain("corpus-log-password-4401");
  });

  it.each(FORMS)("%s leaks nothing", async (line) => {
    const result = await fx.engine.run(line);
    expect(result.ok, result.output).toBe(true);
    expect(result.output.length).toBeGreaterThan(0);
    const everything = `${result.output}\n${JSON.stringify(result.structured ?? null)}\n${result.command}`;
    for (const value of FORBIDDEN) expect(everything).not.toContain(value);
  });

  it("keeps what a diagnosis needs: keys, sizes, names, references", async () => {
    const describe = (await fx.engine.run("describe secret app-credentials -n vault")).output;
    expect(describe).toMatch(/^password:\s+23 bytes$/m);
    const token = (
      JSON.parse(readFileSync(`${CORPUS}/secrets.json`, "utf8")) as { api_token: string }
    ).api_token;
    expect(describe).toMatch(new RegExp(`^token:\\s+${token.length} bytes$`, "m"));
    const pod = (await fx.engine.run("describe pod vault-app-0 -n vault")).output;
    expect(pod).toMatch(/DB_PASSWORD:\s+\[REDACTED\]/);
    expect(pod).toMatch(
      /DATABASE_URL:\s+postgres:\/\/app:\[REDACTED\]@postgres\.vault\.svc:5432\/app/,
    );
    expect(
      (await fx.engine.run("get secret app-credentials -n vault -o jsonpath={.data.password}"))
        .output,
    ).toBe("[REDACTED: 23 bytes]");
    const logs = (await fx.engine.run("logs vault-app-0 -n vault")).output;
    expect(logs).toContain("password=[REDACTED]");
    expect(logs).toContain('{"level":"info","msg":"ready"}');
  });

  it("previews of mutations touching secrets leak nothing either", async () => {
    const manifest = `apiVersion: v1
kind: Secret
metadata: { name: app-credentials, namespace: vault }
stringData:
  password: corpus-new-secret-value-0001
`;
    const preview = await fx.engine.preview("apply -f -", { manifest });
    const all = JSON.stringify(preview);
    for (const value of [...FORBIDDEN, "corpus-new-secret-value-0001"])
      expect(all).not.toContain(value);
    const del = JSON.stringify(await fx.engine.preview("delete secret app-credentials -n vault"));
    for (const value of FORBIDDEN) expect(del).not.toContain(value);
  });
});
