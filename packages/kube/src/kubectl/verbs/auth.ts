import { KubeError, isKubeError } from "../../errors";
import { GET_TABS, tabwrite } from "../../output/tabwriter";
import type { Obj } from "../fetch";
import { str } from "../../output/describe/format";
import type { VerbContext, VerbOutput } from "../verbContext";

/**
 * `kubectl auth can-i VERB RESOURCE[/SUBRESOURCE] [NAME]` through a
 * SelfSubjectAccessReview (asks about the conversation's own credentials;
 * `--as` is refused by the parser). Prints `yes` or `no` (and the reason).
 */
export async function runCanI(ctx: VerbContext): Promise<VerbOutput> {
  const [verb, resourceArg, name] = ctx.command.args;
  if (verb === undefined || resourceArg === undefined) {
    throw new KubeError(
      "usage",
      "auth can-i needs a verb and a resource, e.g. auth can-i list pods",
    );
  }
  const attributes: Obj = { verb };
  if (resourceArg.startsWith("/")) {
    attributes.path = resourceArg;
  } else {
    const [typeAndName, sub] = resourceArg.split("/");
    const info = await ctx.cluster.discovery.resolve(typeAndName!, ctx.signal);
    Object.assign(attributes, {
      group: info.group,
      resource: info.resource,
      ...((sub ?? ctx.command.flags.string("subresource"))
        ? { subresource: sub ?? ctx.command.flags.string("subresource") }
        : {}),
      ...(name ? { name } : {}),
      ...(info.namespaced && !ctx.allNamespaces ? { namespace: ctx.namespace } : {}),
    });
  }
  const spec =
    "path" in attributes
      ? { nonResourceAttributes: { path: attributes.path, verb } }
      : { resourceAttributes: attributes };
  const review = await ctx.cluster.transport
    .json<{
      status?: { allowed?: boolean; reason?: string };
    }>({
      method: "POST",
      path: "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews",
      body: { apiVersion: "authorization.k8s.io/v1", kind: "SelfSubjectAccessReview", spec },
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    })
    .catch(notServed("SelfSubjectAccessReview (authorization.k8s.io/v1)"));
  const allowed = review.status?.allowed === true;
  const reason = review.status?.reason;
  const quiet = ctx.command.flags.bool("quiet");
  return {
    text: quiet ? "" : `${allowed ? "yes" : "no"}${!allowed && reason ? ` - ${reason}` : ""}`,
    structured: { kind: "can-i", allowed, ...(reason ? { reason } : {}) },
  };
}

/** `kubectl auth whoami` through a SelfSubjectReview. */
export async function runWhoAmI(ctx: VerbContext): Promise<VerbOutput> {
  const review = await ctx.cluster.transport
    .json<{ status?: { userInfo?: Obj } }>({
      method: "POST",
      path: "/apis/authentication.k8s.io/v1/selfsubjectreviews",
      body: { apiVersion: "authentication.k8s.io/v1", kind: "SelfSubjectReview" },
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    })
    .catch(notServed("SelfSubjectReview (authentication.k8s.io/v1)"));
  const user = review.status?.userInfo ?? {};
  const rows: string[][] = [["Username", str(user.username)]];
  if (typeof user.uid === "string") rows.push(["UID", user.uid]);
  if (Array.isArray(user.groups)) rows.push(["Groups", `[${(user.groups as string[]).join(" ")}]`]);
  const lines = ["ATTRIBUTE\tVALUE", ...rows.map((r) => r.join("\t"))];
  return { text: tabwrite(lines.join("\n"), GET_TABS), structured: { kind: "whoami", user } };
}

/** A 404 on a review endpoint means the cluster does not serve that API: say so. */
function notServed(what: string): (error: unknown) => never {
  return (error: unknown) => {
    if (isKubeError(error, "not_found")) {
      throw new KubeError("unsupported", `this cluster does not serve ${what}`, { cause: error });
    }
    throw error;
  };
}
