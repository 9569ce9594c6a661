import { describe, expect, it } from "vitest";
import { snapshotFromObjects } from "../../model/snapshot/snapshotFromObjects";
import { objectOf, scenarioVariant } from "../../model/testing/scenarioVariant";
import { correlateSnapshot } from "../correlateSnapshot";
import { resolveHost } from "../resolveHost";

describe("a short name that resolves only in another namespace (crashloop-dns-other-namespace)", () => {
  it("finds the Service in the other namespace and proposes its fully qualified name", async () => {
    const { snapshot } = await scenarioVariant("crashloop-dns-other-namespace");
    const [top] = await correlateSnapshot(snapshot, { namespace: "notify" });
    expect(top?.category).toBe("DNSFailure");
    expect(top?.rootCause).toContain("but there is one in namespace default");
    expect(top?.rootCause).toContain("address it as smtp-relay.default.svc.cluster.local");
    expect(top?.related).toContainEqual({
      kind: "Service",
      namespace: "default",
      name: "smtp-relay",
    });
    expect(top?.fixes[0]?.command).toBe(
      "set env deployment/mailer -c mailer SMTP_HOST=smtp-relay.default.svc.cluster.local -n notify",
    );
    // CoreDNS is healthy (its pods are ready by their container statuses): not blamed.
    expect(top?.related.some((r) => r.name === "coredns")).toBe(false);
  });

  it("never repeats a credential-bearing env value in the excerpt or the fix command", async () => {
    const url = "smtp://mailer:corpus-smtp-pw-4711@smtp-relay:587";
    const { snapshot } = await scenarioVariant("crashloop-dns-other-namespace", {
      edit(objects) {
        const pods = objects.filter(
          (o) =>
            o.kind === "Pod" &&
            o.metadata.namespace === "notify" &&
            o.metadata.name.startsWith("mailer-"),
        );
        for (const o of [objectOf(objects, "Deployment", "mailer"), ...pods]) {
          const spec = (
            o.kind === "Pod" ? o.spec : (o.spec as { template: { spec: unknown } }).template.spec
          ) as {
            containers: { env?: { name: string; value?: string }[] }[];
          };
          const env = spec.containers[0]?.env?.find((e) => e.name === "SMTP_HOST");
          if (env !== undefined) env.value = url;
        }
      },
    });
    const [top] = await correlateSnapshot(snapshot, { namespace: "notify" });
    expect(top?.category).toBe("DNSFailure");
    expect(JSON.stringify(top)).not.toContain("corpus-smtp-pw-4711");
    expect(top?.evidence.map((e) => e.excerpt)).toContainEqual(
      "    Environment:\n      SMTP_HOST:  smtp://mailer:[REDACTED]@smtp-relay:587",
    );
    expect(top?.fixes[0]?.title).toBe("Point SMTP_HOST at smtp-relay.default.svc.cluster.local");
    expect(top?.fixes[0]?.command).toBe(
      "set env deployment/mailer -c mailer 'SMTP_HOST=<value>' -n notify",
    );
  });
});

describe("resolveHost", () => {
  const snapshot = snapshotFromObjects([
    { kind: "Namespace", metadata: { name: "mail" } },
    { kind: "Service", metadata: { name: "smtp", namespace: "mail" }, spec: {} },
    { kind: "Service", metadata: { name: "smtp", namespace: "legacy" }, spec: {} },
    { kind: "Service", metadata: { name: "smtpd", namespace: "app" }, spec: {} },
  ]);

  it("lists the other namespaces that hold a Service of a missing name", () => {
    expect(resolveHost(snapshot, "smtp", "app")).toEqual({
      kind: "missingService",
      name: "smtp",
      namespace: "app",
      similar: ["smtpd"],
      elsewhere: ["legacy", "mail"],
    });
    expect(resolveHost(snapshot, "smtp.mail", "app")?.kind).toBe("service");
  });
});
