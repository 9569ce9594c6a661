import { afterAll, describe, expect, it } from "vitest";
import {
  sendStatus,
  startLoopbackApiServer,
  type LoopbackApiServer,
} from "../testing/loopbackApiServer";

/**
 * `top` on clusters without a working metrics API. The demo cluster always
 * serves metrics.k8s.io, so a loopback API server stands in: one that does
 * not register the group (no metrics-server), one whose metrics-server is
 * registered but down (the aggregator answers 503).
 */
const servers: LoopbackApiServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function server(options: Parameters<typeof startLoopbackApiServer>[0]) {
  const s = await startLoopbackApiServer(options);
  servers.push(s);
  return s;
}

describe("top without metrics", () => {
  it("says plainly that the metrics API is absent, without asking for metrics", async () => {
    const api = await server({ metrics: false });
    for (const line of ["top pods", "top pod web-1 -n shop", "top nodes"]) {
      const r = await api.engine.run(line);
      expect(r).toMatchObject({
        ok: false,
        classification: "read",
        error: { code: "unsupported" },
      });
      expect(r.output).toBe(
        "error: Metrics API not available: this cluster serves no metrics.k8s.io API (metrics-server is not installed), so top has no data; use describe for requests/limits and events for OOMKilled",
      );
    }
    expect(api.requests.some((p) => p.startsWith("/apis/metrics.k8s.io"))).toBe(false);
  });

  it("says so too when metrics-server is registered but does not answer", async () => {
    const api = await server({
      metrics: true,
      routes: {
        "/apis/metrics.k8s.io/v1beta1/namespaces/shop/pods": (_req, res) =>
          sendStatus(
            res,
            503,
            "ServiceUnavailable",
            "the server is currently unable to handle the request",
          ),
      },
    });
    const r = await api.engine.run("top pods -n shop");
    expect(r).toMatchObject({ ok: false, error: { code: "unsupported" } });
    expect(r.output).toMatch(
      /^error: Metrics API not available: .*the server is currently unable to handle the request/,
    );
  });
});
