import { parseIntent } from "../../../packages/agent/src/intent.ts";
for (const q of process.argv.slice(2)) console.log(q, "=>", JSON.stringify(parseIntent(q, { defaultNamespace: "outlet" })));
