import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";

/**
 * The real `kubemedic` CLI, as a user runs it. The server's restart tests start the server this
 * way (a process they can kill -9); the CLI's own `serve` test imports it as
 * `@kubemedic/server/test/cli`.
 */
const CLI = new URL("../../cli/bin/kubemedic.mjs", import.meta.url).pathname;

export interface CliRun {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (signals count as non-zero). */
  exited: Promise<number>;
}

/** Runs `kubemedic <args>` with `env` on top of a copy of ours minus the server variables. */
export function runCli(args: string[], env: Record<string, string | undefined> = {}): CliRun {
  const base = { ...process.env };
  for (const key of ["HOST", "PORT", "DATABASE_URL", "KUBEMEDIC_DATA_DIR", "LOG_LEVEL"])
    delete base[key];
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...base, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
  const exited = once(child, "exit").then(([code]) => (typeof code === "number" ? code : 128));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Waits for the JSON log line that says where the server listens; returns its URL. */
export async function listeningUrl(run: CliRun, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const line of run.stdout().split("\n")) {
      if (!line.includes("listening on")) continue;
      const parsed = JSON.parse(line) as { url?: string };
      if (parsed.url !== undefined) return parsed.url;
    }
    const early = await Promise.race([
      run.exited,
      new Promise<undefined>((r) => setTimeout(() => r(undefined), 100)),
    ]);
    if (early !== undefined) {
      throw new Error(
        `kubemedic exited with ${early} before listening:\n${run.stderr()}${run.stdout()}`,
      );
    }
  }
  throw new Error(
    `kubemedic did not say where it listens within ${timeoutMs} ms:\n${run.stdout()}`,
  );
}
