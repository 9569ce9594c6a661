import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { startDemoCluster, type DemoCluster } from "@kubemedic/demo-cluster";
import { listeningUrl, runCli } from "@kubemedic/server/test/cli";

/**
 * deploy/kustomize as an operator uses it: rendered by the real `kubectl
 * kustomize`, applied with the real `kubectl apply` to the demo cluster, and
 * the server run the way its pod runs it: no kubeconfig, KUBERNETES_SERVICE_HOST
 * and a mounted service-account token and CA.
 */
const KUBECTL = "/usr/bin/kubectl";
const ROOT = new URL("../../../deploy/kustomize/", import.meta.url).pathname;
const run = promisify(execFile);
const present = existsSync(KUBECTL);
if (!present && process.env.KUBEMEDIC_REQUIRE_KUBECTL === "1") {
  throw new Error(`${KUBECTL} is required (KUBEMEDIC_REQUIRE_KUBECTL=1)`);
}

interface Obj {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  [key: string]: unknown;
}
interface Container {
  name: string;
  env?: {
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { name: string; key: string } };
  }[];
  securityContext?: Record<string, unknown>;
  livenessProbe?: { httpGet?: { path: string } };
  readinessProbe?: { httpGet?: { path: string } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  volumeMounts?: { name: string; mountPath: string }[];
}
interface PodSpec {
  serviceAccountName?: string;
  securityContext?: Record<string, unknown>;
  containers: Container[];
  volumes?: { name: string; emptyDir?: unknown }[];
}
interface Rule {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
}

async function render(dir: string): Promise<Obj[]> {
  const { stdout } = await run(KUBECTL, ["kustomize", join(ROOT, dir)]);
  return parseAllDocuments(stdout).map((doc) => doc.toJS() as Obj);
}

function find(objs: Obj[], kind: string, name: string): Obj {
  const found = objs.find((o) => o.kind === kind && o.metadata.name === name);
  if (found === undefined) throw new Error(`no ${kind} ${name} in the rendered manifests`);
  return found;
}

function podSpec(obj: Obj): PodSpec {
  return (obj as unknown as { spec: { template: { spec: PodSpec } } }).spec.template.spec;
}

const WRITE_VERBS = [
  "create",
  "update",
  "patch",
  "delete",
  "deletecollection",
  "escalate",
  "bind",
  "impersonate",
];

describe.skipIf(!present)("deploy/kustomize", () => {
  let base: Obj[];
  beforeAll(async () => {
    base = await render("base");
  });

  it("base: 2 non-root replicas with a read-only root, probes, resources and their secrets from Secrets", () => {
    const deployment = find(base, "Deployment", "kubemedic");
    expect((deployment as unknown as { spec: { replicas: number } }).spec.replicas).toBe(2);
    expect(deployment.metadata.namespace).toBe("kubemedic");
    const pod = podSpec(deployment);
    expect(pod.serviceAccountName).toBe("kubemedic");
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true });
    expect(pod.securityContext?.runAsUser).not.toBe(0);
    const [app] = pod.containers;
    expect(app?.securityContext).toMatchObject({
      runAsNonRoot: true,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ["ALL"] },
    });
    expect(app?.livenessProbe?.httpGet?.path).toBe("/healthz");
    expect(app?.readinessProbe?.httpGet?.path).toBe("/readyz");
    expect(app?.resources?.requests).toHaveProperty("memory");
    expect(app?.resources?.limits).toHaveProperty("memory");
    // A read-only root needs a writable /tmp.
    const tmp = app?.volumeMounts?.find((m) => m.mountPath === "/tmp");
    expect(pod.volumes?.find((v) => v.name === tmp?.name)?.emptyDir).toBeDefined();
    // Credentials come from Secrets, never as literal values in the manifest.
    const env = new Map((app?.env ?? []).map((e) => [e.name, e]));
    expect(env.get("KUBEMEDIC_AUTH_TOKEN")?.valueFrom?.secretKeyRef).toEqual({
      name: "kubemedic-auth",
      key: "token",
    });
    expect(env.get("DATABASE_URL")?.valueFrom?.secretKeyRef).toEqual({
      name: "kubemedic-database",
      key: "url",
    });
    expect(env.get("KUBEMEDIC_AUTH_TOKEN")?.value).toBeUndefined();
    expect(env.get("DATABASE_URL")?.value).toBeUndefined();
    expect(env.get("KUBEMEDIC_SCALE_OUT")?.value).toBe("true");
    // The base ships no Secret: no default token or password to forget.
    expect(base.filter((o) => o.kind === "Secret")).toEqual([]);
    expect(find(base, "PodDisruptionBudget", "kubemedic")).toMatchObject({
      spec: { minAvailable: 1 },
    });
    const service = find(base, "Service", "kubemedic") as unknown as {
      spec: Record<string, unknown>;
    };
    expect(service.spec.sessionAffinity ?? "None").toBe("None");
  });

  it("base: the read role reads, never writes, names no wildcard, and never watches Secrets", () => {
    const role = find(base, "ClusterRole", "kubemedic-read") as unknown as { rules: Rule[] };
    expect(role.rules.length).toBeGreaterThan(5);
    for (const rule of role.rules) {
      for (const list of [rule.verbs, rule.resources, rule.apiGroups])
        expect(list).not.toContain("*");
      for (const verb of rule.verbs) expect(WRITE_VERBS).not.toContain(verb);
    }
    const secretVerbs = role.rules
      .filter((r) => r.apiGroups.includes("") && r.resources.includes("secrets"))
      .flatMap((r) => r.verbs);
    expect(secretVerbs.sort()).toEqual(["get", "list"]);
    const podReads = role.rules.filter((r) => r.resources.includes("pods/log"));
    expect(podReads.flatMap((r) => r.verbs)).toContain("get");
    expect(find(base, "ClusterRoleBinding", "kubemedic-read")).toMatchObject({
      roleRef: { kind: "ClusterRole", name: "kubemedic-read" },
      subjects: [{ kind: "ServiceAccount", name: "kubemedic", namespace: "kubemedic" }],
    });
  });

  it("with-postgres: a non-root PostgreSQL StatefulSet whose password and URL are Secrets", async () => {
    const objs = await render("overlays/with-postgres");
    const sts = find(objs, "StatefulSet", "kubemedic-postgres");
    const pod = podSpec(sts);
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true });
    expect(pod.containers[0]?.securityContext).toMatchObject({ readOnlyRootFilesystem: true });
    const password = pod.containers[0]?.env?.find((e) => e.name === "POSTGRES_PASSWORD");
    expect(password?.valueFrom?.secretKeyRef).toEqual({
      name: "kubemedic-postgres",
      key: "password",
    });
    const url = find(objs, "Secret", "kubemedic-database") as unknown as {
      stringData: { url: string };
    };
    expect(url.stringData.url).toMatch(
      /^postgresql:\/\/kubemedic:[^@]+@kubemedic-postgres:5432\/kubemedic$/,
    );
    find(objs, "Service", "kubemedic-postgres");
    find(objs, "Deployment", "kubemedic");
  });

  it("allow-mutations: a write role bound to the same account, without Secrets, RBAC or wildcards", async () => {
    const objs = await render("overlays/allow-mutations");
    const role = find(objs, "ClusterRole", "kubemedic-write") as unknown as { rules: Rule[] };
    const resources = role.rules.flatMap((r) => r.resources);
    expect(resources).toContain("deployments");
    expect(resources).toContain("pods/eviction");
    for (const forbidden of [
      "secrets",
      "roles",
      "clusterroles",
      "rolebindings",
      "clusterrolebindings",
      "*",
    ])
      expect(resources).not.toContain(forbidden);
    for (const rule of role.rules) expect(rule.verbs).not.toContain("*");
    expect(find(objs, "ClusterRoleBinding", "kubemedic-write")).toMatchObject({
      roleRef: { name: "kubemedic-write" },
      subjects: [{ kind: "ServiceAccount", name: "kubemedic", namespace: "kubemedic" }],
    });
  });

  describe("against the demo cluster", () => {
    let demo: DemoCluster;
    const scratch = mkdtempSync(join(tmpdir(), "kubemedic-deploy-"));
    const kubeconfig = join(scratch, "kubeconfig");
    beforeAll(async () => {
      demo = await startDemoCluster({ port: 0 });
      await demo.writeKubeconfig(kubeconfig);
    });
    afterAll(async () => {
      await demo.close();
      rmSync(scratch, { recursive: true, force: true });
    });

    it("real kubectl applies the rendered base, and the objects are there", async () => {
      const { stdout: rendered } = await run(KUBECTL, ["kustomize", join(ROOT, "base")]);
      const apply = run(KUBECTL, [
        "--kubeconfig",
        kubeconfig,
        "apply",
        "--validate=false",
        "-f",
        "-",
      ]);
      apply.child.stdin?.end(rendered);
      const { stdout } = await apply;
      for (const line of [
        "namespace/kubemedic",
        "serviceaccount/kubemedic",
        "clusterrole.rbac.authorization.k8s.io/kubemedic-read",
        "clusterrolebinding.rbac.authorization.k8s.io/kubemedic-read",
        "service/kubemedic",
        "deployment.apps/kubemedic",
        "poddisruptionbudget.policy/kubemedic",
      ])
        expect(stdout).toContain(`${line} created`);
      const { stdout: got } = await run(KUBECTL, [
        "--kubeconfig",
        kubeconfig,
        "-n",
        "kubemedic",
        "get",
        "deployment/kubemedic",
        "-o",
        "json",
      ]);
      const deployment = JSON.parse(got) as {
        spec: { replicas: number; template: { spec: PodSpec } };
      };
      expect(deployment.spec.replicas).toBe(2);
      expect(deployment.spec.template.spec.containers[0]?.securityContext).toMatchObject({
        readOnlyRootFilesystem: true,
      });
    });

    it("`kubemedic serve` in a pod's environment uses the service account and reaches the cluster", async () => {
      const sa = join(scratch, "serviceaccount");
      const home = join(scratch, "home");
      mkdirSync(sa, { recursive: true });
      for (const [file, text] of [
        ["token", demo.token],
        ["ca.crt", demo.caPem],
        ["namespace", "kubemedic"],
      ] as const) {
        writeFileSync(join(sa, file), text);
      }
      const { hostname, port } = new URL(demo.url);
      const token = "deploy-test-token-0123456789";
      const server = runCli(["serve", "--port", "0", "--data-dir", join(scratch, "data")], {
        KUBECONFIG: undefined,
        KUBEMEDIC_KUBECONFIG: undefined,
        HOME: home,
        KUBEMEDIC_DEMO: "false",
        KUBERNETES_SERVICE_HOST: hostname,
        KUBERNETES_SERVICE_PORT: port,
        KUBEMEDIC_SERVICE_ACCOUNT_DIR: sa,
        KUBEMEDIC_AUTH_TOKEN: token,
      });
      try {
        const url = await listeningUrl(server);
        // /readyz asks the cluster's /version with the token and the CA of the "pod".
        const ready = await fetch(`${url}/readyz`);
        const body = (await ready.json()) as Record<string, unknown>;
        expect(body).toMatchObject({ status: "ready", cluster: "ok", demo: false });
        expect(ready.status).toBe(200);
        const clusters = await fetch(`${url}/api/clusters`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(clusters.status).toBe(200);
        const list = (await clusters.json()) as {
          contexts: { name: string; defaultNamespace?: string }[];
        };
        expect(list.contexts).toEqual([
          expect.objectContaining({
            name: "in-cluster",
            server: demo.url,
            defaultNamespace: "kubemedic",
            demo: false,
          }),
        ]);
        expect(server.stderr()).toContain("(in-cluster,");
      } finally {
        server.child.kill("SIGTERM");
      }
      expect(await server.exited).toBe(0);
    });

    it("a wrong service-account token makes the server not ready (the token is what it sends)", async () => {
      const sa = join(scratch, "wrong-sa");
      mkdirSync(sa, { recursive: true });
      writeFileSync(join(sa, "token"), "not-the-token");
      writeFileSync(join(sa, "ca.crt"), demo.caPem);
      const { hostname, port } = new URL(demo.url);
      const server = runCli(["serve", "--port", "0", "--data-dir", join(scratch, "data2")], {
        KUBECONFIG: undefined,
        KUBEMEDIC_KUBECONFIG: undefined,
        HOME: join(scratch, "home"),
        KUBEMEDIC_DEMO: "false",
        KUBERNETES_SERVICE_HOST: hostname,
        KUBERNETES_SERVICE_PORT: port,
        KUBEMEDIC_SERVICE_ACCOUNT_DIR: sa,
        KUBEMEDIC_AUTH_TOKEN: "deploy-test-token-0123456789",
      });
      try {
        const url = await listeningUrl(server);
        const ready = await fetch(`${url}/readyz`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toMatchObject({ cluster: "unreachable" });
      } finally {
        server.child.kill("SIGTERM");
      }
      expect(await server.exited).toBe(0);
    });
  });
});
