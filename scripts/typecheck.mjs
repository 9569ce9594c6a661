// Typechecks every workspace package with its own tsconfig.json (web needs DOM and
// JSX, the server must not see DOM types), two at a time to suit small CI machines.
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const projects = ["apps", "packages"]
  .flatMap((dir) => readdirSync(join(root, dir)).map((name) => join(dir, name)))
  .concat(["bench"])
  .filter((dir) => existsSync(join(root, dir, "tsconfig.json")));
const tsc = join(root, "node_modules/typescript/bin/tsc");

const failures = [];
async function check(project) {
  const started = Date.now();
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, "-p", join(project, "tsconfig.json"), "--pretty"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (c) => {
      if (c !== 0) process.stdout.write(out);
      resolve(c);
    });
  });
  console.log(`typecheck ${project}: ${code === 0 ? "ok" : "FAILED"} (${Date.now() - started} ms)`);
  if (code !== 0) failures.push(project);
}

const queue = [...projects];
await Promise.all(
  [0, 1].map(async () => {
    for (let p = queue.shift(); p; p = queue.shift()) await check(p);
  }),
);
if (failures.length > 0) {
  console.error(`typecheck failed in: ${failures.join(", ")}`);
  process.exit(1);
}
