import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join } from "node:path";
import { isIPv6 } from "node:net";
import { KubeConfig } from "@kubernetes/client-node";
import { KubeError } from "../errors";

/** Where the kubelet mounts a pod's service account (token, ca.crt, namespace). */
export const SERVICE_ACCOUNT_DIR = "/var/run/secrets/kubernetes.io/serviceaccount";
/** The in-cluster service-account token. */
export const SERVICE_ACCOUNT_TOKEN = `${SERVICE_ACCOUNT_DIR}/token`;

export interface LoadKubeConfigOptions {
  /** An explicit kubeconfig file; wins over KUBECONFIG and ~/.kube/config. */
  kubeconfigPath?: string;
  /** Make this context current; it must exist. */
  context?: string;
  /** @default process.env */
  env?: NodeJS.ProcessEnv;
  /** @default os.homedir() */
  home?: string;
  /**
   * The mounted service account, for in-cluster use.
   * @default env.KUBEMEDIC_SERVICE_ACCOUNT_DIR, else SERVICE_ACCOUNT_DIR
   */
  serviceAccountDir?: string;
}

/**
 * Loads cluster credentials the way kubectl finds them: an explicit file, then
 * `KUBECONFIG` (several files joined by ':' are merged, first wins), then
 * `~/.kube/config`, then the in-cluster service account. Unlike client-node's
 * `loadFromDefault`, it never falls back to an unauthenticated localhost:8080:
 * no configuration is a `no_config` KubeError that says what was tried.
 */
export function loadKubeConfig(options: LoadKubeConfigOptions = {}): KubeConfig {
  const env = options.env ?? process.env;
  // The variable serves a token projected to another path, and tests that
  // play a pod without writing under /var/run.
  const serviceAccountDir =
    options.serviceAccountDir ?? nonEmpty(env.KUBEMEDIC_SERVICE_ACCOUNT_DIR) ?? SERVICE_ACCOUNT_DIR;
  const kc = new KubeConfig();
  const tried: string[] = [];
  const files =
    options.kubeconfigPath !== undefined
      ? [options.kubeconfigPath]
      : (env.KUBECONFIG ?? "").split(delimiter).filter((file) => file.length > 0);
  if (options.kubeconfigPath !== undefined && !existsSync(options.kubeconfigPath)) {
    throw new KubeError("no_config", `kubeconfig file ${options.kubeconfigPath} does not exist`);
  }
  const present = files.filter((file) => existsSync(file));
  if (files.length > 0) tried.push(`KUBECONFIG (${files.join(delimiter)})`);
  if (present.length === 0) {
    const home = join(options.home ?? homedir(), ".kube", "config");
    tried.push(home);
    if (existsSync(home)) present.push(home);
  }
  if (present.length > 0) {
    readFiles(kc, present);
  } else if (
    existsSync(join(serviceAccountDir, "token")) &&
    env.KUBERNETES_SERVICE_HOST !== undefined
  ) {
    loadInCluster(kc, serviceAccountDir, env);
  } else {
    tried.push("the in-cluster service account");
    throw new KubeError(
      "no_config",
      `no cluster configured: tried ${tried.join(", ")}. Set KUBECONFIG or pass --kubeconfig; without a cluster, kubemedic can start its built-in demo cluster`,
    );
  }
  if (options.context !== undefined) selectContext(kc, options.context);
  else if (kc.getContexts().length === 0) {
    throw new KubeError("no_config", "the kubeconfig defines no context");
  }
  return kc;
}

/**
 * The pod's own identity, as client-go's rest.InClusterConfig: the API server
 * at KUBERNETES_SERVICE_HOST:PORT (from `env`, not only process.env), the
 * mounted CA, the token file (re-read by client-node at least every minute, so
 * a rotated token is picked up) and the pod's namespace as the context's.
 */
function loadInCluster(kc: KubeConfig, dir: string, env: NodeJS.ProcessEnv): void {
  const host = env.KUBERNETES_SERVICE_HOST ?? "";
  const port = env.KUBERNETES_SERVICE_PORT ?? "443";
  const namespaceFile = join(dir, "namespace");
  const namespace = existsSync(namespaceFile)
    ? readFileSync(namespaceFile, "utf8").trim()
    : undefined;
  kc.loadFromOptions({
    clusters: [
      {
        name: "in-cluster",
        server: `https://${isIPv6(host) ? `[${host}]` : host}:${port}`,
        caFile: join(dir, "ca.crt"),
        skipTLSVerify: false,
      },
    ],
    users: [
      {
        name: "service-account",
        authProvider: { name: "tokenFile", config: { tokenFile: join(dir, "token") } },
      },
    ],
    contexts: [
      {
        name: "in-cluster",
        cluster: "in-cluster",
        user: "service-account",
        ...(namespace === undefined || namespace === "" ? {} : { namespace }),
      },
    ],
    currentContext: "in-cluster",
  });
}

function readFiles(kc: KubeConfig, files: string[]): void {
  for (const [index, file] of files.entries()) {
    try {
      if (index === 0) kc.loadFromFile(file);
      else {
        const more = new KubeConfig();
        more.loadFromFile(file);
        kc.mergeConfig(more, true);
      }
    } catch (error) {
      throw new KubeError("no_config", `cannot read kubeconfig ${file}: ${messageOf(error)}`, {
        cause: error,
      });
    }
  }
}

/** Makes `name` the current context of `kc`, or throws `no_config` listing the known ones. */
export function selectContext(kc: KubeConfig, name: string): void {
  const known = kc.getContexts().map((context) => context.name);
  if (!known.includes(name)) {
    throw new KubeError(
      "no_config",
      `unknown context "${name}"${known.length > 0 ? ` (known: ${known.join(", ")})` : ""}`,
    );
  }
  kc.setCurrentContext(name);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
