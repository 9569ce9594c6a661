import type { Ingress } from "../../model/objects";
import { addRelated, ref, type Draft } from "../Candidate";
import { cmd } from "../commands";
import type { CorrelationContext } from "../CorrelationContext";
import { similarNames } from "../similarNames";
import { inScope, type Rule } from "./Rule";

/**
 * Ingresses that route to a Service that does not exist (or to a port it
 * does not expose), that name an IngressClass that does not exist (or none
 * while the cluster has no default class), or whose TLS Secret is missing or
 * holds no certificate (the controller then serves its default, self-signed
 * one, which browsers reject).
 */
export const ingressRule: Rule = {
  name: "ingress",
  run(ctx) {
    const drafts: Draft[] = [];
    for (const ing of inScope(ctx, ctx.snapshot.list("ingresses"))) {
      const d = backendProblem(ctx, ing) ?? classProblem(ctx, ing) ?? tlsProblem(ctx, ing);
      if (d !== undefined) drafts.push(d);
    }
    return drafts;
  },
};

function base(
  ing: Ingress,
  score: number,
  summary: string,
  rootCause: string,
  severity: Draft["severity"] = "critical",
): Draft {
  return {
    category: "IngressMisconfig",
    severity,
    score,
    primary: {
      kind: "Ingress",
      namespace: ing.metadata?.namespace ?? "",
      name: ing.metadata?.name ?? "",
    },
    related: [],
    summary,
    rootCause,
    evidence: [],
    fixes: [],
  };
}

function backendProblem(ctx: CorrelationContext, ing: Ingress): Draft | undefined {
  const ns = ing.metadata?.namespace ?? "";
  const name = ing.metadata?.name ?? "";
  const paths = (ing.spec?.rules ?? []).flatMap((r, ri) =>
    (r.http?.paths ?? []).map((p, pi) => ({ host: r.host, p, ri, pi })),
  );
  const defaultBackend = ing.spec?.defaultBackend?.service;
  const backends = [
    ...paths.map((x) => ({ ...x, svc: x.p.backend?.service })),
    ...(defaultBackend == null
      ? []
      : [{ host: undefined, p: undefined, ri: -1, pi: -1, svc: defaultBackend }]),
  ];
  for (const b of backends) {
    const svcName = b.svc?.name;
    if (svcName === undefined) continue;
    const svc = ctx.snapshot.get("services", ns, svcName);
    const where = `${b.host ?? "*"}${b.p?.path ?? ""}`;
    const describe = {
      source: "kubectl" as const,
      command: cmd.describe("ingress", name, ns),
      excerpt: `Rules:\n  Host        Path  Backends\n  ----        ----  --------\n  ${b.host ?? "*"}  ${b.p?.path ?? "/"}  ${svcName}:${b.svc?.port?.number ?? b.svc?.port?.name ?? ""} (<error: services "${svcName}" not found>)`,
    };
    if (svc === undefined) {
      const others = ctx.snapshot.list("services", ns).map((s) => s.metadata?.name ?? "");
      const similar = similarNames(svcName, others);
      const d = base(
        ing,
        0.93,
        `Ingress ${ns}/${name} routes ${where} to Service ${svcName}, which does not exist.`,
        `Ingress ${ns}/${name} sends ${where} to backend Service ${ns}/${svcName}, but no such Service exists, so the ingress controller answers 503 for it.${similar.length > 0 ? ` Existing Services with a similar name: ${similar.join(", ")}.` : ""}`,
      );
      addRelated(
        d,
        ref("Service", ns, svcName, "not found"),
        ...similar.slice(0, 1).map((s) => ref("Service", ns, s)),
      );
      d.evidence.push(describe);
      d.evidence.push({
        source: "kubectl",
        command: cmd.get("service", svcName, ns),
        excerpt: `Error from server (NotFound): services "${svcName}" not found`,
      });
      const target = similar[0];
      if (target !== undefined && b.ri >= 0) {
        const port = ctx.snapshot.get("services", ns, target)?.spec?.ports?.[0]?.port;
        d.fixes.push({
          title: `Route ${where} to the existing Service ${target}`,
          rationale: `${svcName} does not exist; ${target} is the Service with the closest name${port === undefined ? "" : ` (port ${port})`}.`,
          command: cmd.patch(
            "ingress",
            name,
            ns,
            [
              {
                op: "replace",
                path: `/spec/rules/${b.ri}/http/paths/${b.pi}/backend/service/name`,
                value: target,
              },
            ],
            "json",
          ),
          risk: "medium",
          requiresApproval: true,
        });
      }
      d.fixes.push({
        title: `List the Services in ${ns}`,
        rationale: "Find the Service the Ingress should point at.",
        command: cmd.getList("services", ns),
        risk: "read-only",
        requiresApproval: false,
      });
      return d;
    }
    const port = b.svc?.port;
    const ports = svc.spec?.ports ?? [];
    const portOk =
      port == null ||
      (port.number !== undefined && ports.some((p) => p.port === port.number)) ||
      (port.name !== undefined && ports.some((p) => p.name === port.name));
    if (!portOk) {
      const want = port?.number ?? port?.name ?? "";
      const d = base(
        ing,
        0.88,
        `Ingress ${ns}/${name} routes to port ${want} of Service ${svcName}, which does not expose it.`,
        `Ingress ${ns}/${name} sends ${where} to Service ${ns}/${svcName} on port ${want}, but the Service exposes ${ports.map((p) => p.name ?? p.port).join(", ") || "no port"}.`,
      );
      addRelated(d, ref("Service", ns, svcName));
      d.evidence.push({
        source: "kubectl",
        command: cmd.get("service", svcName, ns, "jsonpath={.spec.ports}"),
        excerpt: JSON.stringify(ports),
      });
      return d;
    }
  }
  return undefined;
}

function classProblem(ctx: CorrelationContext, ing: Ingress): Draft | undefined {
  const ns = ing.metadata?.namespace ?? "";
  const name = ing.metadata?.name ?? "";
  const className =
    ing.spec?.ingressClassName ?? ing.metadata?.annotations?.["kubernetes.io/ingress.class"];
  const classes = ctx.snapshot.list("ingressclasses");
  if (ctx.snapshot.failures.has("ingressclasses")) return undefined;
  if (className === undefined || className === "") {
    const hasDefault = classes.some(
      (c) => c.metadata?.annotations?.["ingressclass.kubernetes.io/is-default-class"] === "true",
    );
    if (hasDefault) return undefined;
    const d = base(
      ing,
      0.85,
      `Ingress ${ns}/${name} names no IngressClass and the cluster has no default one.`,
      `Ingress ${ns}/${name} has no ingressClassName and no IngressClass is marked default, so no ingress controller picks it up.`,
    );
    d.evidence.push({
      source: "kubectl",
      command: "get ingressclass",
      excerpt: classes.map((c) => c.metadata?.name ?? "").join("\n") || "No resources found",
    });
    const only = classes[0]?.metadata?.name;
    if (classes.length === 1 && only !== undefined)
      d.fixes.push({
        title: `Set ingressClassName to ${only}`,
        rationale: `${only} is the only IngressClass in the cluster.`,
        command: cmd.patch("ingress", name, ns, { spec: { ingressClassName: only } }),
        risk: "medium",
        requiresApproval: true,
      });
    return d;
  }
  if (className === "gce" || className === "gce-internal") return undefined;
  if (ctx.snapshot.get("ingressclasses", undefined, className) !== undefined) return undefined;
  const existing = classes.map((c) => c.metadata?.name ?? "");
  const d = base(
    ing,
    0.9,
    `Ingress ${ns}/${name} uses IngressClass ${className}, which does not exist.`,
    `Ingress ${ns}/${name} asks for IngressClass "${className}", which does not exist${existing.length > 0 ? ` (available: ${existing.join(", ")})` : ""}, so no ingress controller serves it.`,
  );
  addRelated(d, ref("IngressClass", undefined, className, "not found"));
  d.evidence.push({
    source: "kubectl",
    command: "get ingressclass",
    excerpt: existing.join("\n") || "No resources found",
  });
  const target =
    similarNames(className, existing)[0] ?? (existing.length === 1 ? existing[0] : undefined);
  if (target !== undefined)
    d.fixes.push({
      title: `Use IngressClass ${target}`,
      rationale: `${target} exists and has a controller.`,
      command: cmd.patch("ingress", name, ns, { spec: { ingressClassName: target } }),
      risk: "medium",
      requiresApproval: true,
    });
  return d;
}

function tlsProblem(ctx: CorrelationContext, ing: Ingress): Draft | undefined {
  if (ctx.snapshot.failures.has("secrets") || !ctx.snapshot.loaded.has("secrets")) return undefined;
  const ns = ing.metadata?.namespace ?? "";
  const name = ing.metadata?.name ?? "";
  const entries = ing.spec?.tls ?? [];
  for (const [i, tls] of entries.entries()) {
    const secretName = tls.secretName;
    if (secretName === undefined || secretName === "") continue;
    const secret = ctx.snapshot.get("secrets", ns, secretName);
    const keys = Object.keys(secret?.data ?? {});
    const usable = secret !== undefined && keys.includes("tls.crt") && keys.includes("tls.key");
    if (usable) continue;
    const hosts = (tls.hosts ?? []).join(", ") || "its hosts";
    const certs = ctx.snapshot
      .list("secrets", ns)
      .filter((s) => s.type === "kubernetes.io/tls")
      .map((s) => s.metadata?.name ?? "");
    const similar = similarNames(secretName, certs);
    const what =
      secret === undefined
        ? `TLS Secret ${ns}/${secretName} does not exist`
        : `Secret ${ns}/${secretName} holds no certificate (keys: ${keys.join(", ") || "none"}; it needs tls.crt and tls.key)`;
    const d = base(
      ing,
      0.9,
      `Ingress ${ns}/${name} serves ${hosts} with the controller's default certificate: ${what}.`,
      `Ingress ${ns}/${name} terminates TLS for ${hosts} with Secret ${secretName}, but ${what}, so the ingress controller serves its default self-signed certificate and browsers reject the site.${similar.length > 0 ? ` TLS Secrets in ${ns} with a similar name: ${similar.join(", ")}.` : certs.length > 0 ? ` TLS Secrets in ${ns}: ${certs.join(", ")}.` : ""}`,
      "high",
    );
    addRelated(
      d,
      ref("Secret", ns, secretName, secret === undefined ? "not found" : "no certificate"),
      ...similar.slice(0, 1).map((s) => ref("Secret", ns, s)),
    );
    d.evidence.push({
      source: "kubectl",
      command: cmd.describe("ingress", name, ns),
      excerpt: `TLS:\n  ${secretName} terminates ${hosts}`,
    });
    d.evidence.push({
      source: "kubectl",
      command: cmd.get("secret", secretName, ns),
      excerpt:
        secret === undefined
          ? `Error from server (NotFound): secrets "${secretName}" not found`
          : `Secret ${ns}/${secretName} (type ${secret.type ?? "Opaque"}) keys: ${keys.join(", ") || "(none)"}`,
    });
    const target = similar[0] ?? (certs.length === 1 ? certs[0] : undefined);
    if (target !== undefined)
      d.fixes.push({
        title: `Point the Ingress at the TLS Secret ${target}`,
        rationale: `${target} is a kubernetes.io/tls Secret in ${ns}${similar[0] === target ? " with the closest name" : ", the only one"}; check that its certificate covers ${hosts}.`,
        command: cmd.patch(
          "ingress",
          name,
          ns,
          [{ op: "replace", path: `/spec/tls/${i}/secretName`, value: target }],
          "json",
        ),
        risk: "medium",
        requiresApproval: true,
      });
    d.fixes.push({
      title: `List the TLS Secrets in ${ns}`,
      rationale:
        "Find the certificate for these hosts, or create the Secret with kubectl create secret tls.",
      command: cmd.getList("secrets", ns, "--field-selector type=kubernetes.io/tls"),
      risk: "read-only",
      requiresApproval: false,
    });
    return d;
  }
  return undefined;
}
