import type { Pod } from "../../model/objects";
import { redactText } from "../../redact/redactText";
import type { Draft } from "../Candidate";
import { cmd } from "../commands";
import type { CorrelationContext } from "../CorrelationContext";
import { eventsEvidence, podEvidence } from "../evidence";
import type { PodProblem } from "../podProblem";
import type { Workload } from "../workloads";
import { containerSpec, describeWorkload, workloadDraft } from "./baseDraft";
import { previousImage } from "./previousImage";
import { explainMissingPullSecrets, missingPullSecrets } from "./pullSecrets";
import { addTemplateFix } from "./templateFix";

/** Why a registry refused an image, decoded from the kubelet's pull error. */
function pullErrorKind(
  message: string,
): "notFound" | "unauthorized" | "unreachable" | "invalid" | "unknown" {
  if (/not found|manifest unknown|does not exist|no such manifest|NotFound/i.test(message))
    return "notFound";
  if (/unauthorized|authentication required|access denied|denied|forbidden|401|403/i.test(message))
    return "unauthorized";
  if (/no such host|i\/o timeout|connection refused|dial tcp|TLS handshake/i.test(message))
    return "unreachable";
  if (/invalid reference format|InvalidImageName/i.test(message)) return "invalid";
  return "unknown";
}

const EXPLAIN = {
  notFound: "the registry has no such image or tag",
  unauthorized: "the registry refuses the pull without valid credentials (imagePullSecrets)",
  unreachable: "the registry cannot be reached from the node",
  invalid: "the image reference is not valid",
  unknown: "the pull fails",
} as const;

/** ErrImagePull / ImagePullBackOff / InvalidImageName: which image, which error, and the image that worked before. */
export function diagnoseImagePull(
  ctx: CorrelationContext,
  pod: Pod,
  problem: Extract<PodProblem, { type: "waiting" }>,
  w: Workload,
): Draft {
  const ns = pod.metadata?.namespace ?? "";
  const podName = pod.metadata?.name ?? "";
  const spec = containerSpec(w, pod, problem.container);
  const image =
    (pod.spec?.containers ?? [])
      .concat(pod.spec?.initContainers ?? [])
      .find((c) => c.name === problem.container)?.image ??
    spec.container?.image ??
    "";
  const failed = ctx.snapshot
    .eventsFor(ns, podName)
    .filter(
      (e) =>
        e.reason === "Failed" &&
        /pull|image/i.test(e.message) &&
        !/Error: (?:ErrImagePull|ImagePullBackOff)$/.test(e.message),
    );
  const pullError = failed[failed.length - 1]?.message ?? problem.message;
  const kind = pullErrorKind(
    problem.reason === "InvalidImageName" ? "InvalidImageName" : pullError,
  );
  const draft = workloadDraft(
    w,
    pod,
    problem,
    "ImagePull",
    0.93,
    `${describeWorkload(w)} cannot pull image ${image}: ${EXPLAIN[kind]}.`,
    `The kubelet cannot pull image "${image}" for container ${problem.container} of ${describeWorkload(w)} (${problem.reason}): ${EXPLAIN[kind]}. Registry answer: ${redactText(pullError)}`,
  );
  draft.evidence.push(podEvidence(pod, problem.container));
  const missing = kind === "unauthorized" ? missingPullSecrets(ctx, pod) : [];
  explainMissingPullSecrets(ctx, draft, pod, image, missing);
  const ev = eventsEvidence(
    ctx,
    ns,
    podName,
    (e) => e.reason === "Failed" || e.reason === "BackOff",
  );
  if (ev !== undefined) draft.evidence.push(ev);
  const prior = previousImage(ctx, w, problem.container);
  if (prior !== undefined) {
    draft.rootCause += ` The previous revision used "${prior}".`;
    addTemplateFix(draft, w, {
      title: `Set the image of ${problem.container} back to ${prior}`,
      rationale: `${prior} is the image of the previous revision, which the registry served.`,
      command: cmd.setImage(w.kind, w.name, w.namespace, problem.container, prior),
      risk: "medium",
      requiresApproval: true,
    });
    if (w.kind === "Deployment")
      draft.fixes.push({
        title: "Or undo the rollout",
        rationale: "Returns the whole pod template to the previous revision.",
        command: cmd.rolloutUndo(w.kind, w.name, w.namespace),
        risk: "medium",
        requiresApproval: true,
      });
  } else if (kind === "notFound")
    addTemplateFix(draft, w, {
      title: `Set ${problem.container} to an image tag that exists`,
      rationale: `The registry has no "${image}"; correct the tag (check the registry for the published tags).`,
      command: cmd.setImage(w.kind, w.name, w.namespace, problem.container, "<image:existing-tag>"),
      risk: "medium",
      requiresApproval: true,
    });
  if (kind === "unauthorized")
    draft.fixes.push({
      title: "Check the image pull secrets of the pods",
      rationale:
        "A private registry needs a docker-registry Secret listed in imagePullSecrets (or on the ServiceAccount).",
      command: cmd.get("pod", podName, ns, "jsonpath={.spec.imagePullSecrets}"),
      risk: "read-only",
      requiresApproval: false,
    });
  return draft;
}
