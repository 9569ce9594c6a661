import { describe, expect, it } from "vitest";
import { emptyContext, type ConversationContext, type DiagnosisMemory } from "./context";
import { resolveFollowUp } from "./resolve-follow-up";

/** A diagnosis whose recommendations come in the report's order (by risk: the restart first). */
function diagnosed(fixes: DiagnosisMemory["fixes"]): ConversationContext {
  return {
    ...emptyContext(),
    namespaces: ["quotes"],
    diagnosis: {
      turnId: "t1",
      category: "CrashLoop",
      summary: "s",
      rootCause: { kind: "ConfigMap", namespace: "quotes", name: "quote-api-config" },
      fixes,
    },
  };
}

const RESTART = {
  title: "Restart",
  command: "rollout restart deployment/quote-api -n quotes",
  role: "follow-up" as const,
};
const PATCH = {
  title: "Set DB_PORT",
  command: `patch configmap quote-api-config -n quotes --type=merge -p '{"data":{"DB_PORT":"5432"}}'`,
};
const PLACEHOLDER = {
  title: "Set it yourself",
  command: "set env deployment/quote-api DB_PORT=<value> -n quotes",
};

describe('"fix it" resolved from the last diagnosis', () => {
  it("proposes the change that removes the cause with the follow-ups listed after it, not the first runnable recommendation", () => {
    expect(
      resolveFollowUp({ kind: "apply-fix" }, diagnosed([PLACEHOLDER, PATCH, RESTART])),
    ).toEqual({
      kind: "propose",
      commands: [PATCH.command, RESTART.command],
      why: "fix",
      title: PATCH.title,
    });
  });

  it("carries a fix's manifest by command", () => {
    const create = {
      title: "Create StorageClass fast-ssd",
      command: "apply -f -",
      manifest: '{"kind":"StorageClass"}',
    };
    expect(resolveFollowUp({ kind: "apply-fix" }, diagnosed([create]))).toMatchObject({
      commands: ["apply -f -"],
      manifests: { "apply -f -": '{"kind":"StorageClass"}' },
    });
  });

  it("with nothing left to run as written (made, or needing a value), looks at the namespace again as the fix playbook does", () => {
    const c = diagnosed([PLACEHOLDER, PATCH]);
    c.fixes = [{ turnId: "t2", command: PATCH.command, status: "verified" }];
    expect(resolveFollowUp({ kind: "apply-fix" }, c)).toEqual({
      kind: "rewrite",
      text: "fix it",
      namespace: "quotes",
    });
  });

  it('"the second fix" stays the second recommendation as listed', () => {
    expect(
      resolveFollowUp({ kind: "apply-fix", index: 2 }, diagnosed([RESTART, PATCH])),
    ).toMatchObject({
      commands: [PATCH.command],
    });
  });
});
