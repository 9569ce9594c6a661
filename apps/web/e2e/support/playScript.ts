import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LoadedScript, ScriptTurn } from "@kubemedic/cli/conversations";
import type { ConversationDetail } from "@kubemedic/protocol";
import { expect } from "vitest";
import { parse, stringify } from "yaml";
import type { Page } from "playwright-core";
import { ask, conversationIdOf } from "./app";

const root = new URL("../../../../", import.meta.url).pathname;
const BIN = join(root, "apps", "cli", "bin", "kubemedic.mjs");

/**
 * One `kubemedic demo-cluster` process per script, serving that script's
 * scenarios, and one kubeconfig with a context per script (named after it),
 * so one server can serve every script, each conversation on its own cluster.
 */
export interface ScriptClusters {
  kubeconfig: string;
  /** A graph config with the scripts' approval policy, for KUBEMEDIC_GRAPH_CONFIG. */
  graphConfig: string;
  stop: () => Promise<void>;
}

export async function startScriptClusters(scripts: LoadedScript[]): Promise<ScriptClusters> {
  const policies = new Set(scripts.map((s) => s.script.policy ?? "approve-mutations"));
  if (policies.size !== 1) throw new Error("the scripts of one server must share their policy");
  const dir = mkdtempSync(join(tmpdir(), "kubemedic-script-clusters-"));
  const graphConfig = join(dir, "graph.yaml");
  writeFileSync(graphConfig, `approval:\n  policy: ${[...policies][0] ?? ""}\n`);
  const children: ChildProcess[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise<void>((r) => child.once("exit", () => r()));
        child.kill("SIGTERM");
        await exited;
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const configs = await Promise.all(
      scripts.map(async (script, i) => {
        const path = join(dir, `kubeconfig-${i}`);
        children.push(await serveScenarios(script.scenarioDirs, path));
        const kc = parse(readFileSync(path, "utf8")) as DemoKubeconfig;
        const rename = <T extends { name: string }>(x: T): T => ({ ...x, name: script.name });
        return {
          clusters: kc.clusters.map(rename),
          users: kc.users.map(rename),
          contexts: kc.contexts.map((c) =>
            rename({ ...c, context: { ...c.context, cluster: script.name, user: script.name } }),
          ),
        };
      }),
    );
    const kubeconfig = join(dir, "kubeconfig");
    writeFileSync(
      kubeconfig,
      stringify({
        apiVersion: "v1",
        kind: "Config",
        "current-context": scripts[0]?.name ?? "",
        clusters: configs.flatMap((c) => c.clusters),
        users: configs.flatMap((c) => c.users),
        contexts: configs.flatMap((c) => c.contexts),
      }),
    );
    return { kubeconfig, graphConfig, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

interface DemoKubeconfig {
  clusters: { name: string; cluster: unknown }[];
  users: { name: string; user: unknown }[];
  contexts: { name: string; context: Record<string, unknown> }[];
}

async function serveScenarios(dirs: string[], kubeconfig: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      BIN,
      "demo-cluster",
      ...dirs.flatMap((d) => ["--scenario", d]),
      "--port",
      "0",
      "--kubeconfig-out",
      kubeconfig,
    ],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`demo-cluster did not start:\n${output}`)),
      90_000,
    );
    const seen = (d: Buffer): void => {
      output += d.toString();
      if (output.includes(`kubeconfig: ${kubeconfig}`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", seen);
    child.stderr?.on("data", seen);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`demo-cluster exited with ${code}:\n${output}`));
    });
  });
  return child;
}

/** The status of the last turn on screen once it has ended or waits for a decision. */
async function settled(page: Page): Promise<string> {
  const last = page.locator('[data-testid="timeline"] [data-testid="turn-status"]').last();
  let seen = "";
  await expect
    .poll(
      async () => {
        seen = (await last.count()) > 0 ? ((await last.getAttribute("data-status")) ?? "") : "";
        return seen !== "" && seen !== "running";
      },
      { timeout: 90_000, interval: 100 },
    )
    .toBe(true);
  return seen;
}

/** Clicks the pending approval card's buttons for every command it holds, as the script decides. */
async function decide(page: Page, decision: NonNullable<ScriptTurn["decide"]>): Promise<void> {
  const card = page.locator('[data-testid="approval-card"][data-pending="true"]').last();
  await card.waitFor();
  const single = (await card.getByRole("button", { name: "Approve and run" }).count()) > 0;
  if (decision.decision === "approve") {
    if (single) await card.getByRole("button", { name: "Approve and run" }).click();
    else
      for (const b of await card.getByRole("button", { name: "Approve", exact: true }).all())
        await b.click();
  } else {
    const rejects = single ? 1 : await card.getByRole("button", { name: "Reject…" }).count();
    for (let i = 0; i < rejects; i++) {
      await card.getByRole("button", { name: "Reject…" }).first().click();
      await card.getByRole("textbox").fill(decision.reason ?? "");
      await card.getByRole("button", { name: "Reject", exact: true }).click();
    }
  }
  if (!single) await card.getByRole("button", { name: /^Submit \d+ decisions$/ }).click();
}

/**
 * Plays a script through the UI as a user would: its cluster context chosen
 * (startScriptClusters names it after the script), the namespace picker set
 * when a turn says so, each message typed and sent, every approval decided by
 * clicking the card. Returns the conversation as the server stored it.
 */
export async function playScript(
  page: Page,
  serverUrl: string,
  script: LoadedScript,
): Promise<ConversationDetail> {
  const contexts = page.getByRole("combobox", { name: "Cluster context" });
  await contexts.selectOption(script.name);
  await expect.poll(() => contexts.inputValue()).toBe(script.name);
  let picker = "all";
  let conversationId: string | undefined;
  for (const turn of script.script.turns) {
    const want = turn.namespacePicker ?? picker;
    const select = page.getByTestId("namespace-select");
    if (want !== picker || (await select.inputValue()) !== (want === "all" ? "" : want)) {
      const value = want === "all" ? "" : want;
      if (conversationId === undefined) await select.selectOption(value);
      else
        await Promise.all([
          page.waitForResponse(
            (r) =>
              r.request().method() === "PATCH" &&
              r.url().includes(`/api/conversations/${conversationId}`),
          ),
          select.selectOption(value),
        ]);
      picker = want;
    }
    await ask(page, turn.user);
    if (conversationId === undefined) {
      await page.waitForURL(/\/c\//);
      conversationId = conversationIdOf(page);
    }
    const pending = page.locator('[data-testid="approval-card"][data-pending="true"]');
    for (let round = 0; round < 5; round++) {
      const status = await settled(page);
      if (status !== "awaiting_approval" || turn.decide === undefined) break;
      await decide(page, turn.decide);
      // The card is decided once the server took the decision; then the turn runs on (or
      // pauses again with a new card).
      await expect.poll(() => pending.count(), { timeout: 30_000 }).toBe(0);
      await expect
        .poll(
          async () =>
            (await pending.count()) > 0 ||
            (await page
              .locator('[data-testid="timeline"] [data-testid="turn-status"]')
              .last()
              .getAttribute("data-status")) !== "awaiting_approval",
          { timeout: 30_000 },
        )
        .toBe(true);
    }
  }
  const res = await page.request.get(`${serverUrl}/api/conversations/${conversationId ?? ""}`);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as ConversationDetail;
}
