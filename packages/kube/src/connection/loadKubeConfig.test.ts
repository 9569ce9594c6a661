import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isKubeError } from "../errors";
import { listContexts } from "./listContexts";
import { loadKubeConfig } from "./loadKubeConfig";

function kubeconfig(
  contexts: string[],
  current: string,
  server = "https://k.example:6443",
): string {
  return [
    "apiVersion: v1",
    "kind: Config",
    `current-context: ${current}`,
    "clusters:",
    ...contexts.flatMap((c) => [`- name: ${c}-cluster`, "  cluster:", `    server: ${server}`]),
    "users:",
    ...contexts.flatMap((c) => [`- name: ${c}-user`, "  user:", "    token: t"]),
    "contexts:",
    ...contexts.flatMap((c) => [
      `- name: ${c}`,
      "  context:",
      `    cluster: ${c}-cluster`,
      `    user: ${c}-user`,
      ...(c === "prod" ? ["    namespace: shop"] : []),
    ]),
  ].join("\n");
}

const dir = mkdtempSync(join(tmpdir(), "kubemedic-kc-"));
const write = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe("loadKubeConfig", () => {
  it("says what it tried when nothing is configured", () => {
    try {
      loadKubeConfig({ env: {}, home: join(dir, "nohome") });
      expect.fail("should throw");
    } catch (error) {
      expect(isKubeError(error, "no_config")).toBe(true);
      expect((error as Error).message).toMatch(/no cluster configured: tried .*\.kube\/config/);
    }
  });

  it("reads an explicit file and selects a context", () => {
    const path = write("a.yaml", kubeconfig(["dev", "prod"], "dev"));
    const kc = loadKubeConfig({ kubeconfigPath: path, context: "prod" });
    expect(kc.getCurrentContext()).toBe("prod");
    expect(listContexts(kc)).toEqual([
      {
        name: "dev",
        cluster: "dev-cluster",
        server: "https://k.example:6443",
        defaultNamespace: null,
        current: false,
        demo: false,
      },
      {
        name: "prod",
        cluster: "prod-cluster",
        server: "https://k.example:6443",
        defaultNamespace: "shop",
        current: true,
        demo: false,
      },
    ]);
  });

  it("merges KUBECONFIG files, the first one winning", () => {
    const a = write("m1.yaml", kubeconfig(["dev"], "dev"));
    const b = write("m2.yaml", kubeconfig(["kubemedic-demo"], "kubemedic-demo"));
    const kc = loadKubeConfig({ env: { KUBECONFIG: `${a}:${b}` }, home: dir });
    expect(kc.getCurrentContext()).toBe("dev");
    expect(listContexts(kc).map((c) => [c.name, c.demo])).toEqual([
      ["dev", false],
      ["kubemedic-demo", true],
    ]);
  });

  it("refuses an unknown context, a missing file and a broken file", () => {
    const path = write("b.yaml", kubeconfig(["dev"], "dev"));
    expect(() => loadKubeConfig({ kubeconfigPath: path, context: "nope" })).toThrow(
      'unknown context "nope" (known: dev)',
    );
    expect(() => loadKubeConfig({ kubeconfigPath: join(dir, "missing.yaml") })).toThrow(
      /does not exist/,
    );
    const broken = write("c.yaml", "clusters: [ {");
    expect(() => loadKubeConfig({ kubeconfigPath: broken })).toThrow(/cannot read kubeconfig/);
  });

  it("uses the service account of a pod, at KUBEMEDIC_SERVICE_ACCOUNT_DIR when set", () => {
    const sa = join(dir, "sa");
    mkdirSync(sa, { recursive: true });
    writeFileSync(join(sa, "token"), "pod-token");
    writeFileSync(join(sa, "namespace"), "kubemedic\n");
    const env = {
      KUBERNETES_SERVICE_HOST: "10.0.0.1",
      KUBERNETES_SERVICE_PORT: "6443",
      KUBEMEDIC_SERVICE_ACCOUNT_DIR: sa,
    };
    const kc = loadKubeConfig({ env, home: join(dir, "nohome") });
    expect(kc.getCurrentContext()).toBe("in-cluster");
    expect(kc.getCurrentCluster()).toMatchObject({
      server: "https://10.0.0.1:6443",
      caFile: join(sa, "ca.crt"),
    });
    expect(kc.getContextObject("in-cluster")?.namespace).toBe("kubemedic");
    // No token there, or no KUBERNETES_SERVICE_HOST: not in a pod.
    expect(() =>
      loadKubeConfig({
        env: { ...env, KUBEMEDIC_SERVICE_ACCOUNT_DIR: join(dir, "nosa") },
        home: join(dir, "nohome"),
      }),
    ).toThrow(/no cluster configured/);
    expect(() =>
      loadKubeConfig({ env: { KUBEMEDIC_SERVICE_ACCOUNT_DIR: sa }, home: join(dir, "nohome") }),
    ).toThrow(/no cluster configured/);
  });
});
