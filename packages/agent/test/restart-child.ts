// A separate process for restart.int.test.ts: starts a turn that pauses at an
// approval, prints its events as JSON lines, and exits without any cleanup —
// as a server that dies while a turn waits for the user.
import { Cluster, loadKubeConfig } from "@kubemedic/kube";
import pg from "pg";
import {
  createAgent,
  createModel,
  createPostgresCheckpointer,
  defaultGraphConfig,
} from "../src/index";

const env = process.env;
const pool = new pg.Pool({ connectionString: env.TEST_DATABASE_URL, max: 2 });
const agent = createAgent({
  model: createModel({
    OPENAI_API_KEY: "k",
    OPENAI_BASE_URL: env.STUB_URL,
    KUBEMEDIC_MODEL: "stub-model",
  }),
  checkpointer: await createPostgresCheckpointer(pool, { schema: env.SCHEMA }),
  config: defaultGraphConfig(),
  clusterFor: () => new Cluster(loadKubeConfig({ kubeconfigPath: env.KUBECONFIG_PATH })),
});
for await (const event of agent.runTurn({
  conversationId: env.CONVERSATION_ID ?? "",
  turnId: "t1",
  user: "alice",
  input: { text: "scale cart to 4 replicas in shop" },
})) {
  process.stdout.write(`${JSON.stringify(event)}\n`);
}
process.exit(0);
