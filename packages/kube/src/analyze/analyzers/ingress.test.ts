import { describe, expect, it } from "vitest";
import { readScenario } from "../../model/testing/scenarioFixture";
import { runAnalyzer, texts } from "../testing/runAnalyzer";
import { ingressAnalyzer } from "./ingress";

describe("Ingress analyzer", () => {
  it("flags the missing backend Service of the ingress scenario", async () => {
    const f = await readScenario("ingress-missing-service");
    const results = await runAnalyzer(ingressAnalyzer, f.objects, { namespace: "blog" });
    expect(texts(results)).toEqual([
      "Ingress routes to Service blog/blog-web, which does not exist.",
    ]);
    expect(results[0]?.error[0]?.Sensitive?.map((s) => s.Unmasked)).toEqual(["blog", "blog-web"]);
  });

  it("flags no class, an unknown class, one finding per path and a missing TLS secret; GKE classes are exempt", async () => {
    const results = await runAnalyzer(ingressAnalyzer, [
      { kind: "Ingress", metadata: { name: "none", namespace: "a" }, spec: {} },
      {
        kind: "Ingress",
        metadata: {
          name: "bad",
          namespace: "a",
          annotations: { "kubernetes.io/ingress.class": "traefik" },
        },
        spec: {
          rules: [
            {
              http: {
                paths: [
                  { path: "/a", backend: { service: { name: "gone" } } },
                  { path: "/b", backend: { service: { name: "gone" } } },
                  { path: "/r", backend: { resource: { kind: "Bucket" } } },
                ],
              },
            },
          ],
          tls: [{ secretName: "tls" }, { hosts: ["x"] }],
        },
      },
      {
        kind: "Ingress",
        metadata: { name: "gke", namespace: "a" },
        spec: { ingressClassName: "gce" },
      },
    ]);
    expect(results.map((r) => r.name)).toEqual(["a/none", "a/bad"]);
    expect(texts(results)).toEqual([
      "Ingress a/none names no ingress class, so no controller may serve it.",
      "Ingress uses IngressClass traefik, which does not exist.",
      "Ingress routes to Service a/gone, which does not exist.",
      "Ingress routes to Service a/gone, which does not exist.",
      "Ingress terminates TLS with Secret a/tls, which does not exist.",
    ]);
  });
});
