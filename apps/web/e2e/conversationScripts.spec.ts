import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  BUILTIN_CONVERSATIONS_DIR,
  checkTurn,
  loadConversationScript,
  recordFromTurnDetail,
  type ExpectationResult,
  type LoadedScript,
} from "@kubemedic/cli/conversations";
import type { TurnDetail } from "@kubemedic/protocol";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openApp } from "./support/app";
import { describeInChromium, launchChromium, type Browser } from "./support/browser";
import { startKubemedic, type KubemedicServer } from "./support/kubemedicServer";
import { playScript, startScriptClusters, type ScriptClusters } from "./support/playScript";

const root = new URL("../../../", import.meta.url).pathname;
const BIN = join(root, "apps", "cli", "bin", "kubemedic.mjs");

type Verdicts = { name: string; passed: boolean }[][];

/** `kubemedic quality --conversations FILE…`: each script's turns' verdicts, by script name. */
function headless(files: string[]): Promise<Map<string, Verdicts>> {
  const dir = mkdtempSync(join(tmpdir(), "kubemedic-headless-"));
  const out = join(dir, "q.json");
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      KUBEMEDIC_MODEL: "offline",
      K8SGPT_PATH: "/nonexistent/k8sgpt",
    };
    delete env.KUBEMEDIC_GRAPH_CONFIG;
    const args = files.flatMap((f) => ["--conversations", f]);
    const child = spawn(process.execPath, [BIN, "quality", ...args, "--out", out], {
      env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => {
      try {
        if (code !== 0) throw new Error(`kubemedic quality exited ${code}:\n${stderr}`);
        const report = JSON.parse(readFileSync(out, "utf8")) as {
          conversations: { name: string; turns: { expectations: ExpectationResult[] }[] }[];
        };
        resolve(
          new Map(
            report.conversations.map((c) => [
              c.name,
              c.turns.map((t) => t.expectations.map((e) => ({ name: e.name, passed: e.passed }))),
            ]),
          ),
        );
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

/**
 * Conversation scripts played in the browser: a real server (offline
 * diagnostician, the scripts' approval policy), each script on a demo cluster
 * serving its scenarios (one context each), the UI driven turn by turn — the
 * cluster context and namespace pickers, the message box, the approval
 * card's buttons — and the turns the server stored checked with the quality
 * suite's own matchers. The same script run headless (`kubemedic quality
 * --conversations`) must give the same verdict on every expectation: the
 * suite measures what a user of the UI gets.
 */
const NAMES = ["action-literal-kubectl-lines", "followup-fix-payments"];
let scripts: LoadedScript[];
let clusters: ScriptClusters;
let server: KubemedicServer;
let browser: Browser;
let offline: Promise<Map<string, Verdicts>>;

interface Played {
  browser: ExpectationResult[][];
  headless: Verdicts;
  /** Per turn, the expectations the stored turn can answer (scope and clarify only when the server stores them). */
  comparable: ((name: string) => boolean)[];
}

async function play(name: string): Promise<Played> {
  const script = scripts.find((s) => s.name === name) as LoadedScript;
  const { context, page } = await openApp(browser, server);
  const detail = await playScript(page, server.url, script);
  await context.close();
  expect(detail.conversation.clusterContext).toBe(script.name);
  expect(detail.turns).toHaveLength(script.script.turns.length);
  const stored = detail.turns.map(
    (t) => t as TurnDetail & { scope?: unknown; clarification?: unknown },
  );
  const results = script.script.turns.map((turn, i) => {
    const rec = recordFromTurnDetail(stored[i] as TurnDetail);
    return checkTurn(turn, rec, rec.ending === "awaiting_approval" && turn.decide !== undefined);
  });
  return {
    browser: results,
    headless: (await offline).get(name) ?? [],
    comparable: stored.map(
      (t) => (e: string) =>
        (e !== "scope" || "scope" in t) && (e !== "clarify" || "clarification" in t),
    ),
  };
}

/**
 * The verdicts to compare, `name:pass` or `name:FAIL` per expectation: a
 * turn's announced scope and its clarifying question are events, which older
 * servers do not store with the turn; they are compared when it does.
 */
function verdicts(results: Verdicts, run: Played): string[][] {
  return results.map((turn, i) =>
    turn
      .filter((e) => run.comparable[i]?.(e.name) === true)
      .map((e) => `${e.name}:${e.passed ? "pass" : "FAIL"}`),
  );
}

describeInChromium("conversation scripts in the browser", () => {
  beforeAll(async () => {
    scripts = await Promise.all(
      NAMES.map((n) => loadConversationScript(join(BUILTIN_CONVERSATIONS_DIR, `${n}.yaml`))),
    );
    clusters = await startScriptClusters(scripts);
    server = await startKubemedic({
      KUBECONFIG: clusters.kubeconfig,
      KUBEMEDIC_DEMO: "false",
      KUBEMEDIC_GRAPH_CONFIG: clusters.graphConfig,
    });
    // The headless run needs nothing of the browser's: it runs while the browser plays
    // (started once the server is up, so the two start-ups do not compete).
    offline = headless(scripts.map((s) => s.file));
    offline.catch(() => undefined);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await clusters?.stop();
  });

  it("action-literal-kubectl-lines: a read, a mutation approved by click and read back, one rejected — every expectation holds", async () => {
    const run = await play("action-literal-kubectl-lines");
    const failed = run.browser.flatMap((t, i) =>
      t.filter((e) => !e.passed).map((e) => `turn ${i + 1} ${e.name}: ${e.got}`),
    );
    expect(failed).toEqual([]);
    expect(verdicts(run.headless, run)).toEqual(verdicts(run.browser, run));
  }, 180_000);

  it("followup-fix-payments (the issue's example): the UI gets the same verdict on every expectation as the headless suite", async () => {
    const run = await play("followup-fix-payments");
    expect(run.browser).toHaveLength(3);
    const seen = verdicts(run.browser, run);
    expect(seen.flat().length).toBeGreaterThanOrEqual(4);
    expect(seen).toEqual(verdicts(run.headless, run));
  }, 180_000);
});
