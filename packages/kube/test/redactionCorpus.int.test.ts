import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { KubeConfig } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  analyze,
  analyzeSnapshot,
  correlate,
  correlateSnapshot,
  listAnalyzers,
  loadKubeConfig,
  loadSnapshot,
} from "../src/index";
import type { DemoFixture } from "./demoFixture";
import { startDemoFixture } from "./demoFixture";

/**
 * The redaction corpus: a scenario full of secret values (Secrets with data,
 * stringData and last-applied copies, a service-account JWT, registry
 * credentials, credential env values and arguments, a ConfigMap with
 * passwords, events and logs quoting tokens, a PEM private key, and broken
 * objects whose event, condition, termination and waiting messages quote
 * credentials) run through every output form of the engine, the analyzers
 * (ours and a k8sgpt binary's output) and correlation. No value may survive in
 * any form, whole or base64-encoded, in the text or in the structured result.
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

const ALL_ANALYZERS = listAnalyzers().map((a) => a.name);

function leaked(text: string): string[] {
  return FORBIDDEN.filter((value) => text.includes(value));
}

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

describe("redaction corpus through the analyzers and correlation", () => {
  let kc: KubeConfig;
  beforeAll(() => {
    kc = loadKubeConfig({ kubeconfigPath: fx.kubeconfigPath });
  });

  it("analyze (every analyzer, namespace and cluster-wide) quotes the messages but no value", async () => {
    for (const namespace of ["vault", undefined]) {
      const output = await analyze(kc, { namespace, filters: ALL_ANALYZERS, useBinary: "never" });
      const all = JSON.stringify(output);
      expect(leaked(all)).toEqual([]);
      // The findings that quote a message are really there, with the credential masked.
      const texts = (output.results ?? []).map(
        (r) => `${r.kind} ${r.name}: ${r.error.map((e) => e.Text).join(" | ")}`,
      );
      for (const [subject, quoted] of [
        ["Pod vault/vault-puller", "https://robot:[REDACTED]@registry.example.com"],
        ["Pod vault/vault-pending", "https://sched:[REDACTED]@extender"],
        ["PersistentVolumeClaim vault/vault-data", "password=[REDACTED]"],
        ["Job vault/vault-backup", "api_token=[REDACTED]"],
        ["StatefulSet vault/vault-db", "client_secret=[REDACTED]"],
        ["ReplicaSet vault/vault-sync-5f6d7c8b9", "Bearer [REDACTED]"],
        ["Deployment vault/vault-sync", "secret=[REDACTED]"],
        ["Service vault/vault-lb", "api_key=[REDACTED]"],
        ["HorizontalPodAutoscaler vault/vault-sync", "metrics:[REDACTED]@metrics"],
        ["Pod vault/vault-worker/worker", "token=[REDACTED]"],
        ["Pod vault/vault-backup-x7k2p/backup", "X-Api-Key: [REDACTED]"],
      ] as const)
        expect(texts.find((t) => t.startsWith(`${subject}:`)) ?? `${subject}: not found`).toContain(
          quoted,
        );
      if (namespace === undefined)
        expect(texts.find((t) => t.startsWith("Node vault-node-1:"))).toContain(
          "password=[REDACTED]",
        );
    }
  });

  it("analyzeSnapshot and correlateSnapshot over one snapshot leak nothing, nor does anonymized output", async () => {
    const snapshot = await loadSnapshot(kc, {});
    try {
      const analysis = await analyzeSnapshot(snapshot, { filters: ALL_ANALYZERS });
      const anonymized = await analyzeSnapshot(snapshot, {
        filters: ALL_ANALYZERS,
        anonymize: true,
      });
      const candidates = await correlateSnapshot(snapshot, {});
      expect(analysis.problems).toBeGreaterThanOrEqual(12);
      expect(candidates.length).toBeGreaterThanOrEqual(4);
      expect(leaked(JSON.stringify([analysis, anonymized, candidates]))).toEqual([]);
    } finally {
      snapshot.close();
    }
  });

  it("correlation evidence quotes the messages and log lines redacted", async () => {
    for (const namespace of ["vault", undefined]) {
      const candidates = await correlate(kc, { namespace });
      expect(leaked(JSON.stringify(candidates))).toEqual([]);
      const text = candidates
        .flatMap((c) => [
          c.summary,
          c.rootCause,
          ...c.evidence.map((e) => e.excerpt),
          ...c.fixes.map((f) => `${f.title} ${f.rationale} ${f.command ?? ""}`),
        ])
        .join("\n");
      // The evidence really quotes those places: the crash's previous log and
      // termination message, the registry's answer, the failed-create message.
      expect(text).toContain("password=[REDACTED]");
      expect(text).toContain("https://robot:[REDACTED]@registry.example.com");
      expect(text).toContain("Bearer [REDACTED]");
      expect(candidates.map((c) => `${c.primary.kind}/${c.primary.name}`)).toEqual(
        expect.arrayContaining(["Pod/vault-puller", "Pod/vault-worker"]),
      );
    }
  });

  it("a k8sgpt binary's output is redacted as ours", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kubemedic-corpus-k8sgpt-"));
    const fake = join(dir, "k8sgpt");
    // What k8sgpt prints for the corpus: event and condition messages passed through as they are.
    const output = {
      provider: "",
      errors: ["[Node] cannot list nodes: Bearer corpusRsBearer31415926"],
      status: "ProblemDetected",
      problems: 2,
      results: [
        {
          kind: "PersistentVolumeClaim",
          name: "vault/vault-data",
          error: [
            {
              Text: 'failed to provision volume with StorageClass "standard": login refused, password=corpus-pvc-pw-7070',
              KubernetesDoc: "",
              Sensitive: [],
            },
          ],
          details: "",
          parentObject: "",
        },
        {
          kind: "Service",
          name: "vault/vault-lb",
          error: [
            {
              Text: "Error syncing load balancer: cloud API rejected api_key=corpus-svc-apikey-4242",
              KubernetesDoc: "",
              Sensitive: null,
            },
          ],
          details: "token=corpus-job-token-8080",
          parentObject: "",
        },
      ],
    };
    writeFileSync(fake, `#!/bin/sh\ncat <<'JSON'\n${JSON.stringify(output)}\nJSON\n`);
    chmodSync(fake, 0o755);
    const before = process.env.K8SGPT_PATH;
    process.env.K8SGPT_PATH = fake;
    try {
      for (const anonymize of [false, true]) {
        const result = await analyze(kc, { namespace: "vault", useBinary: "always", anonymize });
        expect(result.problems).toBe(2);
        expect(leaked(JSON.stringify(result))).toEqual([]);
        expect(JSON.stringify(result)).toContain("password=[REDACTED]");
      }
    } finally {
      if (before === undefined) delete process.env.K8SGPT_PATH;
      else process.env.K8SGPT_PATH = before;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
