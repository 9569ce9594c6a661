import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KubeConfig } from "@kubernetes/client-node";
import { afterAll, describe, expect, it } from "vitest";
import { findK8sgptBinary, k8sgptArgs, runK8sgptBinary } from "./k8sgptBinary";

// A stand-in executable that behaves like k8sgpt's CLI surface: it records its
// arguments and the kubeconfig it was given, prints Go-style noise, then JSON.
const dir = mkdtempSync(join(tmpdir(), "kubemedic-fake-k8sgpt-"));
const record = join(dir, "record.txt");
const fake = join(dir, "k8sgpt");
writeFileSync(
  fake,
  `#!/bin/sh
echo "$@" > ${record}
while [ $# -gt 0 ]; do if [ "$1" = "--kubeconfig" ]; then cat "$2" >> ${record}; fi; shift; done
echo "Service default/x does not exist"
cat <<'JSON'
{
  "provider": "",
  "errors": null,
  "status": "ProblemDetected",
  "problems": 1,
  "results": [
    { "kind": "Pod", "name": "shop/b", "error": [ { "Text": "boom", "KubernetesDoc": "", "Sensitive": [] } ], "details": "", "parentObject": "" }
  ]
}
JSON
`,
);
chmodSync(fake, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const kc = new KubeConfig();
kc.loadFromOptions({
  clusters: [{ name: "c", server: "https://127.0.0.1:1", skipTLSVerify: true }],
  users: [{ name: "u", token: "secret-token" }],
  contexts: [{ name: "ctx", cluster: "c", user: "u" }],
  currentContext: "ctx",
});

describe("k8sgpt binary", () => {
  it("is found through K8SGPT_PATH or PATH, and not otherwise", () => {
    expect(findK8sgptBinary({ K8SGPT_PATH: fake })).toBe(fake);
    expect(findK8sgptBinary({ PATH: `/nonexistent:${dir}` })).toBe(fake);
    expect(findK8sgptBinary({ PATH: "/nonexistent" })).toBeUndefined();
    expect(findK8sgptBinary({ K8SGPT_PATH: join(dir, "missing"), PATH: dir })).toBeUndefined();
  });

  it("builds the analyze command line from the options", () => {
    expect(
      k8sgptArgs("/tmp/kc", {
        namespace: "shop",
        filters: ["Pod,Service", "Ingress"],
        labelSelector: "app=x",
      }),
    ).toEqual([
      "analyze",
      "--output",
      "json",
      "--kubeconfig",
      "/tmp/kc",
      "--namespace",
      "shop",
      "--filter",
      "Pod,Service,Ingress",
      "--selector",
      "app=x",
    ]);
  });

  it("runs with a private kubeconfig of the current context, skips stdout noise and validates the JSON", async () => {
    const out = await runK8sgptBinary(fake, kc, { namespace: "shop" });
    expect(out.results?.[0]?.name).toBe("shop/b");
    const recorded = readFileSync(record, "utf8");
    expect(recorded).toMatch(/^analyze --output json --kubeconfig \S+kubeconfig --namespace shop/);
    expect(recorded).toMatch(/"?current-context"?:\s*"?ctx/);
    // The temporary kubeconfig is removed afterwards.
    const path = /--kubeconfig (\S+)/.exec(recorded)?.[1] ?? "";
    expect(() => readFileSync(path)).toThrow();
  });

  it("reports a binary that prints no JSON", async () => {
    const broken = join(dir, "broken");
    writeFileSync(broken, "#!/bin/sh\necho 'Error: unknown flag' >&2\nexit 1\n");
    chmodSync(broken, 0o755);
    await expect(runK8sgptBinary(broken, kc, {})).rejects.toThrow(
      /exited with code 1 without JSON output: Error: unknown flag/,
    );
  });
});
