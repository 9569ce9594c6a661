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

describe('"fix it" after a combined report: cause by cause, each in its own namespace', () => {
  const INGRESS = {
    title: "Point the Ingress at blog-eu",
    command: "patch ingress blog-eu -n blog-eu --type=json -p '[]'",
    cause: 0,
  };
  const RERUN_JOB = {
    title: "Delete the failed Job once fixed",
    command: "delete job db-migrate -n batch-eu",
    role: "follow-up" as const,
    cause: 1,
  };
  const UNDO = {
    title: "Roll back",
    command: "rollout undo deployment/orders-api -n orders-eu",
    cause: 2,
  };
  function combined(): ConversationContext {
    const c = diagnosed([INGRESS, RERUN_JOB, UNDO]);
    if (c.diagnosis === undefined) throw new Error("no diagnosis");
    c.diagnosis.rootCause = { kind: "Ingress", namespace: "blog-eu", name: "blog-eu" };
    c.diagnosis.causes = [
      { rootCause: { kind: "Ingress", namespace: "blog-eu", name: "blog-eu" } },
      { rootCause: { kind: "Job", namespace: "batch-eu", name: "db-migrate" } },
      { rootCause: { kind: "Deployment", namespace: "orders-eu", name: "orders-api" } },
    ];
    return c;
  }

  it("the first cause's fix comes without the next cause's follow-up", () => {
    expect(resolveFollowUp({ kind: "apply-fix" }, combined())).toMatchObject({
      kind: "propose",
      commands: [INGRESS.command],
    });
  });

  it("once it is made, the next cause with a fix, in that cause's namespace", () => {
    const c = combined();
    c.fixes = [{ turnId: "t2", command: INGRESS.command, status: "verified" }];
    expect(resolveFollowUp({ kind: "apply-fix" }, c)).toMatchObject({
      kind: "propose",
      commands: [UNDO.command],
    });
  });

  it("with every runnable fix made, looks again where a cause is left (not the primary's namespace)", () => {
    const c = combined();
    c.fixes = [
      { turnId: "t2", command: INGRESS.command, status: "verified" },
      { turnId: "t3", command: UNDO.command, status: "verified" },
    ];
    expect(resolveFollowUp({ kind: "apply-fix" }, c)).toEqual({
      kind: "rewrite",
      text: "fix it",
      namespace: "batch-eu",
    });
  });
});
