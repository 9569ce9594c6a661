import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The kubectl binary the conformance suite runs. @default /usr/bin/kubectl (override with KUBECTL) */
export const KUBECTL = process.env.KUBECTL ?? "/usr/bin/kubectl";
export const HAVE_KUBECTL = existsSync(KUBECTL);
/** CI sets KUBEMEDIC_REQUIRE_KUBECTL=1: a missing binary is then a failure, not a skip. */
export const REQUIRE_KUBECTL = process.env.KUBEMEDIC_REQUIRE_KUBECTL === "1";

export interface Kubectl {
  run(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }>;
  /** Runs and fails on a non-zero exit, returning stdout. */
  ok(...args: string[]): Promise<string>;
  spawn(...args: string[]): ChildProcess;
  /** Removes the temporary HOME (discovery cache included). */
  dispose(): void;
}

/**
 * kubectl against a kubeconfig file, with HOME and the discovery cache in a
 * temporary directory: the suite never reads or writes ~/.kube.
 */
export function kubectl(kubeconfig: string): Kubectl {
  const home = mkdtempSync(join(tmpdir(), "kubemedic-kubectl-home-"));
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, LANG: "C" };
  const base = ["--kubeconfig", kubeconfig, "--cache-dir", join(home, "cache")];
  const run = (...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> =>
    new Promise((resolve) => {
      execFile(
        KUBECTL,
        [...base, ...args],
        { env, timeout: 30_000, maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) => {
          const code =
            error === null
              ? 0
              : typeof (error as { code?: unknown }).code === "number"
                ? (error as { code: number }).code
                : 1;
          resolve({ stdout, stderr, code });
        },
      );
    });
  return {
    run,
    async ok(...args) {
      const r = await run(...args);
      if (r.code !== 0)
        throw new Error(`kubectl ${args.join(" ")} failed (${r.code}): ${r.stderr}`);
      return r.stdout;
    },
    spawn: (...args) =>
      spawn(KUBECTL, [...base, ...args], { env, stdio: ["ignore", "pipe", "pipe"] }),
    dispose: () => rmSync(home, { recursive: true, force: true }),
  };
}
