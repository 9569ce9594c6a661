import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import type { KubeConfig } from "@kubernetes/client-node";
import { AnalysisOutput } from "@kubemedic/protocol";
import { KubeError } from "../errors";
import type { AnalyzeOptions } from "./AnalyzeOptions";

/** How long one `k8sgpt analyze` may run. @default 120_000 */
const TIMEOUT_MS = 120_000;

/** The k8sgpt binary: `K8SGPT_PATH` when set (and executable), else `k8sgpt` on PATH. */
export function findK8sgptBinary(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const explicit = env.K8SGPT_PATH;
  if (explicit !== undefined && explicit !== "")
    return isExecutable(explicit) ? explicit : undefined;
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, "k8sgpt");
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The command line we run, exported for tests and for the tool log. */
export function k8sgptArgs(kubeconfigPath: string, options: AnalyzeOptions): string[] {
  const args = ["analyze", "--output", "json", "--kubeconfig", kubeconfigPath];
  const namespace = options.namespace ?? options.resource?.namespace;
  if (namespace !== undefined && namespace !== "") args.push("--namespace", namespace);
  const filters = (options.filters ?? []).flatMap((f) => f.split(",")).filter((f) => f !== "");
  if (filters.length > 0) args.push("--filter", filters.join(","));
  if (options.labelSelector !== undefined && options.labelSelector !== "")
    args.push("--selector", options.labelSelector);
  return args;
}

/**
 * Runs `k8sgpt analyze --output json` against the KubeConfig's current
 * context, written to a private temporary kubeconfig file (never the user's
 * own file, and removed afterwards), and parses its JSON. k8sgpt may print
 * noise before the JSON (quirk 13 of the coverage reference), so parsing
 * starts at the first line that opens an object. Sorting, focusing on one
 * resource and anonymization are applied by the caller, as for ours.
 */
export async function runK8sgptBinary(
  binary: string,
  kc: KubeConfig,
  options: AnalyzeOptions,
): Promise<AnalysisOutput> {
  const dir = await mkdtemp(join(tmpdir(), "kubemedic-k8sgpt-"));
  const kubeconfig = join(dir, "kubeconfig");
  try {
    await writeFile(kubeconfig, kc.exportConfig(), { mode: 0o600 });
    const { stdout, stderr, code } = await run(
      binary,
      k8sgptArgs(kubeconfig, options),
      options.signal,
    );
    const start = stdout.search(/^\{/m);
    if (start === -1)
      throw new KubeError(
        "server_error",
        `k8sgpt exited with code ${code} without JSON output: ${(stderr || stdout).trim().slice(0, 500)}`,
      );
    let parsed: unknown;
    try {
      parsed = JSON.parse(stdout.slice(start));
    } catch (error) {
      throw new KubeError(
        "server_error",
        `k8sgpt printed JSON that does not parse: ${(error as Error).message}`,
        { cause: error },
      );
    }
    const checked = AnalysisOutput.safeParse(parsed);
    if (!checked.success)
      throw new KubeError(
        "server_error",
        `k8sgpt's JSON does not have the expected shape: ${checked.error.message}`,
      );
    return checked.data;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function run(
  binary: string,
  args: string[],
  signal: AbortSignal | undefined,
): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      stdio: ["ignore", "pipe", "pipe"],
      signal,
      timeout: TIMEOUT_MS,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", (error) =>
      reject(
        signal?.aborted === true
          ? new KubeError("cancelled", "The analysis was cancelled.")
          : new KubeError("unsupported", `Cannot run k8sgpt (${binary}): ${error.message}`, {
              cause: error,
            }),
      ),
    );
    child.on("close", (code) => resolve({ stdout, stderr, code }));
  });
}
