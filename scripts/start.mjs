// `npm start`: prepare the clone, then run `kubemedic serve` (extra args pass through).
import { join } from "node:path";
import { prepare, root, run } from "./lib/prepare.mjs";

prepare();
process.exitCode = run(process.execPath, [
  join(root, "apps/cli/bin/kubemedic.mjs"),
  "serve",
  ...process.argv.slice(2),
]);
