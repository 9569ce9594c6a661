// `npm test`: prepare the clone, then every check CI runs, in order, stopping at
// the first failure: typecheck, lint, format (prettier --check), unit tests,
// integration tests, the security replays (fuzz and load cases of issue #19),
// browser tests.
// `npm test -- unit int` runs only the named stages.
import { join } from "node:path";
import { prepare, root, run } from "./lib/prepare.mjs";

const bin = (pkg, file) => join(root, "node_modules", pkg, file);
const stages = {
  typecheck: () => run(process.execPath, [join(root, "scripts/typecheck.mjs")]),
  // ESLint (file-name case per area included), then the dependency direction per package
  // (.dependency-cruiser.cjs), then unused files, exports and dependencies (knip.json).
  lint: () =>
    run(process.execPath, [bin("eslint", "bin/eslint.js"), "--max-warnings=0", "."]) ||
    run(process.execPath, [
      bin("dependency-cruiser", "bin/dependency-cruise.mjs"),
      "--config",
      ".dependency-cruiser.cjs",
      "--output-type",
      "err",
      "apps",
      "packages",
      "bench",
    ]) ||
    run(process.execPath, [bin("knip", "bin/knip.js"), "--no-progress"]),
  // Formatting is checked, never rewritten: a test run must not change the tree.
  format: () => run(process.execPath, [bin("prettier", "bin/prettier.cjs"), "--check", "."]),
  unit: () => run(process.execPath, [bin("vitest", "vitest.mjs"), "run", "--project", "unit"]),
  int: () => run(process.execPath, [bin("vitest", "vitest.mjs"), "run", "--project", "int"]),
  security: () =>
    run(process.execPath, [bin("vitest", "vitest.mjs"), "run", "--project", "security"]),
  e2e: () => run(process.execPath, [bin("vitest", "vitest.mjs"), "run", "--project", "e2e"]),
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((s) => !(s in stages));
if (unknown.length > 0) {
  console.error(
    `unknown test stage(s): ${unknown.join(", ")}; stages: ${Object.keys(stages).join(", ")}`,
  );
  process.exit(2);
}
prepare();
for (const [name, stage] of Object.entries(stages)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const code = stage();
  console.log(
    `=== ${name}: ${code === 0 ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`,
  );
  if (code !== 0) process.exit(code);
}
