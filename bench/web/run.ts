/**
 * bench/web — what the browser pays for kubemedic's SPA.
 *
 * 1. Bundle: builds apps/web for production and weighs the JavaScript loaded
 *    before first paint (the entry chunk and its static imports) against the
 *    lazily loaded chunks, raw and gzip. Goal: initial JS under 250 KB gzip.
 * 2. Rendering in Chromium: mounts the app's real Timeline on a recorded
 *    500-message conversation (with its tool calls, approvals and reports) and
 *    times the first render and a streamed token at the end of it, virtualized
 *    (what ships) beside the same list rendered in full (the baseline).
 *
 * Run: node_modules/.bin/tsx bench/web/run.ts [--runs 9] [--messages 500]
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { benchCase, writeResult, type BenchCase, type Chart } from "../lib/result";
import { reps } from "../lib/options";
import { summarize } from "../lib/stats";

const root = new URL("../..", import.meta.url).pathname;
const web = join(root, "apps", "web");
const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const RUNS = flag("runs", reps(9, 2));
const MESSAGES = flag("messages", 500);
const CHROMIUM = process.env.KUBEMEDIC_CHROMIUM ?? "/usr/bin/chromium";

const tmp = mkdtempSync(join(tmpdir(), "kubemedic-bench-web-"));
process.on("exit", () => rmSync(tmp, { recursive: true, force: true }));

function vite(extra: string[]): void {
  const result = spawnSync(
    process.execPath,
    [join(web, "node_modules", "vite", "bin", "vite.js"), "build", "--logLevel", "warn", ...extra],
    { cwd: web, stdio: "inherit" },
  );
  if (result.status !== 0) throw new Error(`vite build ${extra.join(" ")} failed`);
}

// ---------- 1. Bundle ----------
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

function weigh(dir: string) {
  const manifest = JSON.parse(readFileSync(join(dir, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.values(manifest).find((c) => c.isEntry === true);
  if (entry === undefined) throw new Error("no entry chunk in the manifest");
  const initial = new Set<string>();
  const visit = (chunk: ManifestChunk) => {
    if (initial.has(chunk.file)) return;
    initial.add(chunk.file);
    for (const key of chunk.imports ?? []) {
      const next = manifest[key];
      if (next !== undefined) visit(next);
    }
  };
  visit(entry);
  const size = (file: string) => {
    const body = readFileSync(join(dir, file));
    return { raw: body.byteLength, gzip: gzipSync(body, { level: 9 }).byteLength };
  };
  const sum = (files: Iterable<string>) =>
    [...files].map(size).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), {
      raw: 0,
      gzip: 0,
    });
  const allJs = Object.values(manifest)
    .map((c) => c.file)
    .filter((f) => f.endsWith(".js"));
  const lazy = allJs.filter((f) => !initial.has(f));
  const css = new Set(Object.values(manifest).flatMap((c) => c.css ?? []));
  return { initial: sum(initial), lazy: sum(lazy), css: sum(css), chunks: allJs.length };
}

const appDir = join(tmp, "app");
vite(["--outDir", appDir, "--emptyOutDir", "--manifest"]);
const bundle = weigh(appDir);
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

// ---------- 2. Rendering in Chromium ----------
interface RenderSample {
  renderMs: number;
  settledMs: number;
  deltaMs: number[];
  domNodes: number;
  rows: number;
}

const cases: BenchCase[] = [
  benchCase("initial JS, gzip", [kb(bundle.initial.gzip)], "KB", {
    raw_KB: kb(bundle.initial.raw),
    lazy_gzip_KB: kb(bundle.lazy.gzip),
    css_gzip_KB: kb(bundle.css.gzip),
    js_chunks: bundle.chunks,
  }),
];
const notes: string[] = [
  `Initial JS = the entry chunk and its static imports; Markdown rendering (react-markdown + remark-gfm) is a lazy chunk of ${kb(bundle.lazy.gzip)} KB gzip loaded on the first assistant message.`,
];
const comparisons: { name: string; ours: string; baseline: string; ratio: number }[] = [];
const charts: Chart[] = [];

if (!existsSync(CHROMIUM)) {
  console.warn(`bench/web: SKIPPED the render cases: no Chromium at ${CHROMIUM}`);
  notes.push(`Render cases skipped: no Chromium at ${CHROMIUM}.`);
} else {
  const harnessDir = join(tmp, "harness");
  vite(["--config", "bench/vite.config.ts", "--outDir", harnessDir, "--emptyOutDir"]);
  const types: Record<string, string> = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".css": "text/css",
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const file = join(harnessDir, path === "/" ? "index.html" : path);
    if (!file.startsWith(harnessDir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  type Mode = "virtual" | "full" | "tiny";
  const samples: Record<Mode, RenderSample[]> = { virtual: [], full: [], tiny: [] };
  const runOnce = async (mode: Mode) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const messages = mode === "tiny" ? 2 : MESSAGES;
    await page.goto(`${base}/?messages=${messages}&virtualize=${mode === "full" ? 0 : 1}`);
    await page.waitForFunction("window.__bench !== undefined", undefined, { timeout: 120_000 });
    samples[mode].push(await page.evaluate<RenderSample>("window.__bench"));
    await page.close();
  };
  await runOnce("virtual"); // warm the browser's caches once, unmeasured
  samples.virtual.length = 0;
  for (let i = 0; i < RUNS; i++) {
    // Interleaved so that machine noise hits both modes alike.
    await runOnce("virtual");
    await runOnce("full");
    await runOnce("tiny");
  }
  await browser.close();
  server.close();

  const median = (xs: number[]) => summarize(xs).median;
  const pick = (mode: Mode, f: (s: RenderSample) => number) => samples[mode].map(f);
  const nodes = (mode: Mode) => Math.round(median(pick(mode, (s) => s.domNodes)));
  const rows = samples.virtual[0]?.rows ?? 0;
  cases.push(
    benchCase(
      `render ${MESSAGES} messages, virtualized`,
      pick("virtual", (s) => s.renderMs),
      "ms",
      {
        dom_nodes: nodes("virtual"),
        rows,
      },
    ),
    benchCase(
      `render ${MESSAGES} messages, every row (baseline)`,
      pick("full", (s) => s.renderMs),
      "ms",
      {
        dom_nodes: nodes("full"),
        rows,
      },
    ),
    benchCase(
      "render 2 messages (the fixed cost of a first render)",
      pick("tiny", (s) => s.renderMs),
      "ms",
      {
        dom_nodes: nodes("tiny"),
      },
    ),
    benchCase(
      `settled after render, virtualized`,
      pick("virtual", (s) => s.settledMs),
      "ms",
    ),
    benchCase(
      `settled after render, every row (baseline)`,
      pick("full", (s) => s.settledMs),
      "ms",
    ),
    benchCase(
      `streamed token at the end, virtualized`,
      pick("virtual", (s) => median(s.deltaMs)),
      "ms",
    ),
    benchCase(
      `streamed token at the end, every row (baseline)`,
      pick("full", (s) => median(s.deltaMs)),
      "ms",
    ),
  );
  const ratio = (a: string, b: string) => {
    const ours = cases.find((c) => c.name.startsWith(a))?.summary.median ?? Number.NaN;
    const baseline = cases.find((c) => c.name.startsWith(b))?.summary.median ?? Number.NaN;
    comparisons.push({
      name: a,
      ours: `${ours.toFixed(1)} ms`,
      baseline: `${baseline.toFixed(1)} ms (every row)`,
      ratio: baseline / ours,
    });
  };
  ratio(`render ${MESSAGES} messages, virtualized`, `render ${MESSAGES} messages, every row`);
  ratio("settled after render, virtualized", "settled after render, every row");
  ratio("streamed token at the end, virtualized", "streamed token at the end, every row");
  const medianOf = (prefix: string) =>
    cases.find((c) => c.name.startsWith(prefix))?.summary.median ?? Number.NaN;
  const phases = ["render", "settled after render", "streamed token at the end"];
  const prefixes = [
    `render ${MESSAGES} messages,`,
    "settled after render,",
    "streamed token at the end,",
  ];
  charts.push({
    kind: "bar",
    id: "render",
    title: `A ${MESSAGES}-message conversation in Chromium (median ms, log scale)`,
    categories: phases,
    y: { label: "ms", log: true },
    groups: [
      { name: "virtualized (ships)", values: prefixes.map((p) => medianOf(`${p} virtualized`)) },
      { name: "every row (baseline)", values: prefixes.map((p) => medianOf(`${p} every row`)) },
    ],
  });
  notes.push(
    `Chromium ${browser.version()} headless, 1280×900, ${RUNS} page loads per mode, interleaved. "render" is the synchronous React commit plus layout; "settled" is the last DOM mutation after it (virtualizer measurements); "streamed token" is one assistant.delta dispatched into the stream store through commit and layout, median of 60 per page load.`,
  );
}

writeResult({
  name: "web",
  title: "Web app: bundle size and rendering of a 500-message conversation",
  cases,
  comparisons,
  charts,
  goals: [
    {
      goal: "initial JS under 250 KB gzip",
      actual: `${kb(bundle.initial.gzip)} KB`,
      met: bundle.initial.gzip < 250 * 1024,
    },
  ],
  notes,
});
