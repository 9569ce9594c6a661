import type { Pod } from "../../model/objects";
import { addRelated, ref, type Draft } from "../Candidate";
import { cmd } from "../commands";
import type { CorrelationContext } from "../CorrelationContext";
import { eventLines } from "../evidence";

/**
 * The image pull secrets a pod would use — its own `imagePullSecrets` and
 * those of its ServiceAccount — that do not exist in its namespace. The
 * kubelet then pulls without them (warning FailedToRetrieveImagePullSecret)
 * and a private registry answers 401/403. Empty when the Secrets list could
 * not be read: absence is not proven then.
 */
export function missingPullSecrets(ctx: CorrelationContext, pod: Pod): string[] {
  if (ctx.snapshot.failures.has("secrets") || !ctx.snapshot.loaded.has("secrets")) return [];
  const ns = pod.metadata?.namespace ?? "";
  const sa = ctx.snapshot.get(
    "serviceaccounts",
    ns,
    pod.spec?.serviceAccountName ?? pod.spec?.serviceAccount ?? "default",
  );
  const names = [...(pod.spec?.imagePullSecrets ?? []), ...(sa?.imagePullSecrets ?? [])]
    .map((s) => s.name ?? "")
    .filter((n) => n !== "");
  return [...new Set(names)].filter((n) => ctx.snapshot.get("secrets", ns, n) === undefined);
}

/** Adds the missing pull secrets to an ImagePull draft: why the registry refuses, and the Secret to create. */
export function explainMissingPullSecrets(
  ctx: CorrelationContext,
  draft: Draft,
  pod: Pod,
  image: string,
  missing: string[],
): void {
  const ns = pod.metadata?.namespace ?? "";
  const first = missing[0];
  if (first === undefined) return;
  draft.score = Math.max(draft.score, 0.95);
  draft.summary = `${draft.summary.replace(/\.$/, "")}: image pull secret ${missing.join(", ")} does not exist.`;
  draft.rootCause += `${/[.!?]$/.test(draft.rootCause) ? "" : "."} The pod names image pull secret${missing.length === 1 ? "" : "s"} ${missing.join(", ")}, which do${missing.length === 1 ? "es" : ""} not exist in namespace ${ns}, so the kubelet pulls without credentials.`;
  addRelated(draft, ...missing.map((n) => ref("Secret", ns, n, "not found")));
  const warnings = ctx.snapshot
    .eventsFor(ns, pod.metadata?.name ?? "")
    .filter((e) => e.reason === "FailedToRetrieveImagePullSecret");
  if (warnings.length > 0)
    draft.evidence.push({
      source: "events",
      command: cmd.events(ns, pod.metadata?.name ?? ""),
      excerpt: eventLines(warnings, ctx.now, 1),
    });
  for (const n of missing)
    draft.evidence.push({
      source: "kubectl",
      command: cmd.get("secret", n, ns),
      excerpt: `Error from server (NotFound): secrets "${n}" not found`,
    });
  const registry =
    image.includes("/") && /[.:]/.test(image.split("/")[0] ?? "")
      ? image.split("/")[0]
      : "docker.io";
  draft.fixes.unshift({
    title: `Create the pull secret ${first} in ${ns}`,
    rationale: `The pod template already names ${first}; once it exists with credentials for ${registry ?? "the registry"}, the next pull attempt succeeds (the credentials never pass through kubemedic).`,
    command: `create secret docker-registry ${first} -n ${ns} --docker-server=${registry ?? "<registry>"} --docker-username=<user> --docker-password=<password>`,
    risk: "medium",
    requiresApproval: true,
  });
}
