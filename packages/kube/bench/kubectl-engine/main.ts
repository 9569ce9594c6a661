// The measuring side of bench/kubectl-engine/run.ts: ten read commands, each
// through the in-process engine and by spawning the real kubectl binary,
// interleaved, against one demo cluster. Lives here because it needs the
// package's sources and @kubemedic/demo-cluster.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { startDemoCluster } from "@kubemedic/demo-cluster";
import { Cluster, KubectlEngine, loadKubeConfig, tokenize } from "../../src/index";

const exec = promisify(execFile);

export const COMMANDS = [
  "get pods -n shop",
  "get pods -A -o wide",
  "get deploy,svc -n shop",
  "get events -n shop --sort-by=.lastTimestamp",
  "get pod postgres-0 -n shop -o yaml",
  "describe pod checkout-7d9c5b6f4-m4zq9 -n shop",
  "describe deploy checkout -n shop",
  "describe node worker-1",
  "logs checkout-7d9c5b6f4-m4zq9 -n shop --previous --tail=50",
  "top pods -A",
];

export interface CommandTimings {
  command: string;
  engine: number[];
  kubectl: number[];
  engineBytes: number;
  kubectlBytes: number;
}

export async function runKubectlEngineBench(options: {
  runs: number;
  warmup: number;
  kubectl: string;
  log: (line: string) => void;
}): Promise<{ timings: CommandTimings[]; firstEngineCallMs: number }> {
  const demo = await startDemoCluster({ port: 0 });
  const dir = mkdtempSync(join(tmpdir(), "kubemedic-bench-"));
  const kubeconfigPath = join(dir, "kubeconfig");
  await demo.writeKubeconfig(kubeconfigPath);
  // kubectl's discovery cache goes to a private directory, warmed like the engine's.
  const kubectlArgs = ["--kubeconfig", kubeconfigPath, "--cache-dir", join(dir, "cache")];
  const cluster = new Cluster(loadKubeConfig({ kubeconfigPath }));
  // Limits high enough that both print everything: the bench compares work, not truncation.
  const engine = new KubectlEngine(cluster, { maxLines: 100_000, maxBytes: 10_000_000 });
  try {
    const first = performance.now();
    await engine.run(COMMANDS[0]!);
    const firstEngineCallMs = performance.now() - first;
    const timings: CommandTimings[] = [];
    for (const command of COMMANDS) {
      const words = tokenize(command);
      const viaEngine = async (): Promise<{ ms: number; bytes: number }> => {
        const start = performance.now();
        const result = await engine.run(command);
        const ms = performance.now() - start;
        if (!result.ok) throw new Error(`engine failed on ${command}: ${result.output}`);
        return { ms, bytes: Buffer.byteLength(result.output) };
      };
      const viaKubectl = async (): Promise<{ ms: number; bytes: number }> => {
        const start = performance.now();
        const { stdout } = await exec(options.kubectl, [...kubectlArgs, ...words], {
          encoding: "utf8",
          maxBuffer: 64 << 20,
        });
        return { ms: performance.now() - start, bytes: Buffer.byteLength(stdout) };
      };
      for (let i = 0; i < options.warmup; i++) {
        await viaEngine();
        await viaKubectl();
      }
      const t: CommandTimings = {
        command,
        engine: [],
        kubectl: [],
        engineBytes: 0,
        kubectlBytes: 0,
      };
      for (let i = 0; i < options.runs; i++) {
        // Interleaved, so a noisy moment on a shared machine hits both sides.
        const e = await viaEngine();
        const k = await viaKubectl();
        t.engine.push(e.ms);
        t.kubectl.push(k.ms);
        t.engineBytes = e.bytes;
        t.kubectlBytes = k.bytes;
      }
      options.log(`  ${command}: done`);
      timings.push(t);
    }
    return { timings, firstEngineCallMs };
  } finally {
    cluster.close();
    await demo.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
