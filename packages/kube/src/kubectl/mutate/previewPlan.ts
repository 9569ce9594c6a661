import { isKubeError } from "../../errors";
import { redactObject } from "../../redact/redactObject";
import { stripManagedFields } from "../../output/strip";
import { toYaml } from "../../output/printObjects";
import { unifiedDiff } from "../../output/unifiedDiff";
import type { Obj } from "../fetch";
import type { MutationPreview } from "../result";
import type { VerbContext } from "../verbContext";
import type { MutationPlan, MutationStep } from "./plan";
import { dryRunRequest } from "./plan";

/** Preview parts above this size are cut (the approval schema allows 32,000 characters). */
const MAX_PART = 30_000;

/**
 * Computes what a plan would change without changing anything: `after` comes
 * from the local computation when the planner made one, otherwise from a
 * server-side dry run of the write (the server validates, applies defaults and
 * persists nothing). Before/after are redacted YAML; the diff is unified.
 */
export async function previewPlan(
  ctx: VerbContext,
  plan: MutationPlan,
  command: string,
): Promise<MutationPreview> {
  const shown = plan.steps.filter((s) => !s.hideInPreview);
  const befores: string[] = [];
  const afters: string[] = [];
  let method: MutationPreview["method"] = shown.length === 0 ? "none" : "local";
  const notes = [...(plan.notes ?? [])];
  for (const step of shown) {
    befores.push(step.before ? yamlOf(step.before) : "");
    const after = await afterOf(ctx, step, notes);
    if (after.method === "server-dry-run") method = "server-dry-run";
    afters.push(after.object === null ? "" : after.object ? yamlOf(after.object) : "");
  }
  const before = befores.filter((b) => b !== "").join("\n---\n");
  const after = afters.filter((a) => a !== "").join("\n---\n");
  const diff = unifiedDiff(before, after, { before: "live", after: "proposed" });
  const targets = plan.steps.map((s) => s.target);
  const first = targets[0] ?? { kind: "", name: "" };
  return {
    command,
    classification: ctx.command.classification,
    target: first,
    targets,
    summary: plan.summary,
    before: cut(before),
    after: cut(after),
    diff: cut(diff),
    risk: plan.risk,
    method,
    ...(notes.length > 0 ? { notes } : {}),
  };
}

async function afterOf(
  ctx: VerbContext,
  step: MutationStep,
  notes: string[],
): Promise<{ object: Obj | null | undefined; method: "local" | "server-dry-run" }> {
  if (step.after !== undefined || step.request === undefined) {
    return { object: step.request === undefined ? step.before : step.after, method: "local" };
  }
  try {
    const response = await ctx.cluster.transport.json<Obj>({
      ...dryRunRequest(step.request),
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
    return { object: response, method: "server-dry-run" };
  } catch (error) {
    if (isKubeError(error, "cancelled")) throw error;
    const why = error instanceof Error ? error.message : String(error);
    if (step.fallbackAfter !== undefined) {
      notes.push(`the server's dry run failed (${why}); the result shown is computed locally`);
      return { object: step.fallbackAfter, method: "local" };
    }
    notes.push(`the server's dry run failed, so the result is not shown: ${why}`);
    return { object: undefined, method: "server-dry-run" };
  }
}

function yamlOf(object: Obj): string {
  const clean = stripManagedFields(redactObject(object));
  const metadata = clean.metadata as Record<string, unknown> | undefined;
  if (metadata) {
    // Bookkeeping that changes on every write and says nothing to a reviewer.
    delete metadata.resourceVersion;
    delete metadata.generation;
  }
  return toYaml(clean);
}

function cut(text: string): string {
  return text.length <= MAX_PART
    ? text
    : `${text.slice(0, MAX_PART)}\n… cut: the preview is too long`;
}
