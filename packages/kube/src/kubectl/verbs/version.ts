import { KubeError } from "../../errors";
import { toJson, toYaml } from "../../output/printObjects";
import type { VerbContext, VerbOutput } from "../verbContext";

/** What the engine reports as its client: it is not the kubectl binary. */
const CLIENT_VERSION = {
  gitVersion: "kubemedic-engine",
  library: "@kubernetes/client-node 1.4.0",
};

/** `kubectl version`: the server's version (and the engine's identity as the client). */
export async function runVersion(ctx: VerbContext): Promise<VerbOutput> {
  const { flags } = ctx.command;
  const output = flags.string("output");
  const server = flags.bool("client") ? undefined : await ctx.cluster.version(ctx.signal);
  const doc = { clientVersion: CLIENT_VERSION, ...(server ? { serverVersion: server } : {}) };
  if (output === "json") return { text: toJson(doc), structured: doc };
  if (output === "yaml") return { text: toYaml(doc), structured: doc };
  if (output !== undefined && output !== "") {
    throw new KubeError("usage", `version supports -o json or -o yaml, not "${output}"`);
  }
  const lines = [`Client Version: ${CLIENT_VERSION.gitVersion} (${CLIENT_VERSION.library})`];
  if (server) lines.push(`Server Version: ${server.gitVersion}`);
  return { text: lines.join("\n"), structured: doc };
}
