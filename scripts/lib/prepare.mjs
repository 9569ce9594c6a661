// Brings a fresh clone to a runnable state with nothing but Node and npm:
// dependencies (pnpm via npx), the Prisma client, and the built SPA. Each step
// remembers a hash of its inputs under node_modules/.kubemedic/ and is skipped
// when nothing changed, so a second `npm start` costs milliseconds.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

export const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const PNPM = "pnpm@10.34.9";
const stateDir = join(root, "node_modules", ".kubemedic");

export function fail(message) {
  console.error(`kubemedic: ${message}`);
  process.exit(1);
}

function checkNode() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    fail(`Node ${process.versions.node} is too old: kubemedic needs Node 20.19 or newer.`);
  }
}

/** Hash of files (recursively for directories), by path and content. */
function hashInputs(paths) {
  const hash = createHash("sha256");
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) {
        if (name === "node_modules" || name === "dist" || name === "generated") continue;
        visit(join(path, name));
      }
    } else {
      hash.update(relative(root, path)).update("\0").update(readFileSync(path)).update("\0");
    }
  };
  for (const p of paths) visit(join(root, p));
  return hash.digest("hex");
}

function upToDate(step, digest) {
  const file = join(stateDir, `${step}.hash`);
  return existsSync(file) && readFileSync(file, "utf8") === digest;
}

function remember(step, digest) {
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(join(stateDir, `${step}.hash`), digest);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.error) fail(`could not run ${command}: ${result.error.message}`);
  return result.status ?? 1;
}

function pnpmCommand() {
  const probe = spawnSync("pnpm", ["--version"], { encoding: "utf8" });
  if (probe.status === 0 && probe.stdout.trim() === PNPM.split("@")[1]) return ["pnpm", []];
  return ["npx", ["-y", PNPM]];
}

function installDependencies() {
  const manifests = [
    "package.json",
    "pnpm-lock.yaml",
    "pnpm-workspace.yaml",
    "bench/package.json",
    ...["apps", "packages"].flatMap((dir) =>
      readdirSync(join(root, dir)).map((name) => `${dir}/${name}/package.json`),
    ),
  ];
  const digest = hashInputs(manifests);
  if (existsSync(join(root, "node_modules", ".modules.yaml")) && upToDate("install", digest))
    return;
  console.log("kubemedic: installing dependencies (first run, or package files changed)…");
  const [cmd, pre] = pnpmCommand();
  const code = run(cmd, [...pre, "install", "--frozen-lockfile", "--prefer-offline"]);
  if (code !== 0) fail("dependency install failed (see above). Is the npm registry reachable?");
  remember("install", digest);
}

function generatePrismaClient() {
  if (!existsSync(join(root, "prisma", "schema.prisma"))) return;
  const digest = hashInputs(["prisma/schema.prisma", "prisma.config.ts", "pnpm-lock.yaml"]);
  const generated = join(root, "apps", "server", "src", "db", "generated");
  if (existsSync(generated) && upToDate("prisma", digest)) return;
  console.log("kubemedic: generating the Prisma client…");
  const code = run(
    process.execPath,
    [join(root, "node_modules", "prisma", "build", "index.js"), "generate"],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  if (code !== 0) fail("prisma generate failed (see above).");
  remember("prisma", digest);
}

function buildWeb() {
  if (!existsSync(join(root, "apps", "web", "index.html"))) return;
  const digest = hashInputs(["apps/web", "packages/protocol/src", "pnpm-lock.yaml"]);
  if (existsSync(join(root, "apps", "web", "dist", "index.html")) && upToDate("web", digest))
    return;
  console.log("kubemedic: building the web app…");
  const code = run(
    process.execPath,
    // vite is a dependency of apps/web, not of the root: pnpm links it there only.
    [
      join(root, "apps", "web", "node_modules", "vite", "bin", "vite.js"),
      "build",
      "--logLevel",
      "warn",
    ],
    {
      cwd: join(root, "apps", "web"),
    },
  );
  if (code !== 0) fail("building the web app failed (see above).");
  remember("web", digest);
}

/** @param {{ web?: boolean }} options */
export function prepare(options = {}) {
  checkNode();
  installDependencies();
  generatePrismaClient();
  if (options.web !== false) buildWeb();
}
