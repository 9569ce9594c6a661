import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateScenario, startDemoCluster, type DemoCluster } from "../src/index";
import { call, until, watch } from "./api-client";

/**
 * The simulator as an HTTP API: auth, discovery, reads with selectors and
 * paging, Tables, errors as Status objects, writes and patches, watch, logs,
 * reset. Real kubectl and client-node are exercised in their own suites.
 */
let cluster: DemoCluster;
beforeAll(async () => {
  cluster = await startDemoCluster({
    scenarios: [
      "crashloop-missing-env",
      "pending-insufficient-cpu",
      "node-notready",
      "job-backoff-limit",
    ],
  });
});
afterAll(async () => {
  await cluster.close();
});

type Obj = Record<string, unknown>;
const items = (o: Obj): Obj[] => o.items as Obj[];
const names = (o: Obj): string[] => items(o).map((i) => (i.metadata as { name: string }).name);

describe("auth", () => {
  it("answers 401 Status without or with a wrong token, and serves health checks anonymously", async () => {
    for (const token of [null, "wrong"]) {
      const r = await call(cluster, "GET", "/api/v1/namespaces", { token });
      expect(r.status).toBe(401);
      expect(r.json()).toMatchObject({
        kind: "Status",
        status: "Failure",
        reason: "Unauthorized",
        code: 401,
      });
    }
    expect((await call(cluster, "GET", "/healthz", { token: null })).status).toBe(200);
    expect((await call(cluster, "GET", "/api/v1/namespaces")).status).toBe(200);
  });

  it("writes a kubeconfig that carries the token and trusts the certificate", () => {
    const kc = cluster.kubeconfig();
    expect(kc).toContain(`token: ${cluster.token}`);
    expect(kc).toContain("current-context: kubemedic-demo");
    expect(kc).toContain(`server: ${cluster.url}`);
    expect(kc).toContain(
      `certificate-authority-data: ${Buffer.from(cluster.caPem).toString("base64")}`,
    );
  });
});

describe("discovery", () => {
  it("serves /version, the classic documents and aggregated discovery", async () => {
    expect((await call(cluster, "GET", "/version")).json()).toMatchObject({
      major: "1",
      minor: "32",
    });
    expect((await call(cluster, "GET", "/api")).json()).toMatchObject({
      kind: "APIVersions",
      versions: ["v1"],
    });
    const groups = (await call(cluster, "GET", "/apis")).json().groups as { name: string }[];
    expect(groups.map((g) => g.name)).toEqual(
      expect.arrayContaining([
        "apps",
        "batch",
        "networking.k8s.io",
        "events.k8s.io",
        "autoscaling",
        "metrics.k8s.io",
        "rbac.authorization.k8s.io",
      ]),
    );
    const core = (await call(cluster, "GET", "/api/v1")).json().resources as {
      name: string;
      shortNames?: string[];
      verbs: string[];
    }[];
    expect(core.find((r) => r.name === "pods")).toMatchObject({
      shortNames: ["po"],
      verbs: expect.arrayContaining(["list", "watch"]) as unknown,
    });
    expect(core.map((r) => r.name)).toContain("pods/log");
    const apps = (await call(cluster, "GET", "/apis/apps/v1")).json().resources as {
      name: string;
      kind: string;
      group?: string;
    }[];
    expect(apps.find((r) => r.name === "deployments/scale")).toMatchObject({
      kind: "Scale",
      group: "autoscaling",
    });
    const agg = await call(cluster, "GET", "/apis", {
      accept:
        "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json",
    });
    expect(agg.contentType).toContain("as=APIGroupDiscoveryList");
    expect(JSON.stringify(agg.json())).toContain('"shortNames":["deploy"]');
  });
});

describe("reads", () => {
  it("lists namespaced and across namespaces, with label and field selectors", async () => {
    const shop = (await call(cluster, "GET", "/api/v1/namespaces/shop/pods")).json();
    expect(shop).toMatchObject({ kind: "PodList", apiVersion: "v1" });
    expect(names(shop)).toEqual(expect.arrayContaining(["checkout-7d9c5b6f4-x8k2p", "postgres-0"]));
    const all = names((await call(cluster, "GET", "/api/v1/pods")).json());
    expect(all).toEqual(
      expect.arrayContaining([
        "checkout-7d9c5b6f4-x8k2p",
        "db-migrate-q8w4j",
        "coredns-668d6bf9bc-4xk2p",
      ]),
    );
    expect(
      names((await call(cluster, "GET", "/api/v1/pods?labelSelector=app%3Dcheckout")).json()),
    ).toHaveLength(2);
    expect(
      names(
        (
          await call(
            cluster,
            "GET",
            "/api/v1/namespaces/shop/pods?labelSelector=app+in+(cart,postgres)",
          )
        ).json(),
      ),
    ).toHaveLength(3);
    expect(
      names(
        (await call(cluster, "GET", "/api/v1/pods?fieldSelector=status.phase%3DFailed")).json(),
      ),
    ).toEqual(expect.arrayContaining(["db-migrate-q8w4j"]));
    expect(
      names(
        (
          await call(
            cluster,
            "GET",
            "/api/v1/pods?fieldSelector=spec.nodeName%3Dedge-worker-1,status.phase!%3DFailed",
          )
        ).json(),
      ),
    ).toHaveLength(2);
  });

  it("selects by metadata.namespace and metadata.name, across namespaces and on other kinds", async () => {
    const shop = names((await call(cluster, "GET", "/api/v1/namespaces/shop/pods")).json());
    const byNamespace = names(
      (await call(cluster, "GET", "/api/v1/pods?fieldSelector=metadata.namespace%3Dshop")).json(),
    );
    expect(byNamespace.sort()).toEqual([...shop].sort());
    const notShop = names(
      (await call(cluster, "GET", "/api/v1/pods?fieldSelector=metadata.namespace!%3Dshop")).json(),
    );
    expect(notShop.length).toBeGreaterThan(0);
    expect(notShop.some((n) => shop.includes(n))).toBe(false);
    expect(
      names(
        (
          await call(
            cluster,
            "GET",
            "/api/v1/namespaces/shop/pods?fieldSelector=metadata.name%3Dpostgres-0",
          )
        ).json(),
      ),
    ).toEqual(["postgres-0"]);
    // Both at once, across namespaces, on a kind other than pods (what kubectl sends for `get deploy NAME -A`).
    expect(
      names(
        (
          await call(
            cluster,
            "GET",
            "/apis/apps/v1/deployments?fieldSelector=metadata.name%3Dcheckout,metadata.namespace%3Dshop",
          )
        ).json(),
      ),
    ).toEqual(["checkout"]);
    expect(
      names(
        (
          await call(
            cluster,
            "GET",
            "/apis/apps/v1/deployments?fieldSelector=metadata.name%3Dcheckout,metadata.namespace%3Dml",
          )
        ).json(),
      ),
    ).toEqual([]);
  });

  it("rejects bad selectors with 400 Status", async () => {
    const bad = await call(cluster, "GET", "/api/v1/pods?fieldSelector=spec.foo%3D1");
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({
      kind: "Status",
      reason: "BadRequest",
      message: "field label not supported: spec.foo",
    });
    expect((await call(cluster, "GET", "/api/v1/pods?labelSelector=bad%20key%3D1")).status).toBe(
      400,
    );
  });

  it("pages with limit/continue through every object exactly once", async () => {
    const all = names((await call(cluster, "GET", "/api/v1/pods")).json());
    const seen: string[] = [];
    let token = "";
    for (let page = 0; page < 50; page++) {
      const r = (
        await call(
          cluster,
          "GET",
          `/api/v1/pods?limit=7${token === "" ? "" : `&continue=${encodeURIComponent(token)}`}`,
        )
      ).json();
      seen.push(...names(r));
      token = ((r.metadata as Obj).continue as string | undefined) ?? "";
      if (token === "") break;
      expect((r.metadata as Obj).remainingItemCount).toBe(all.length - seen.length);
    }
    expect(seen).toEqual(all);
    expect((await call(cluster, "GET", "/api/v1/pods?limit=1&continue=garbage")).status).toBe(400);
  });

  it("serves lists at the current resourceVersion and refuses what it cannot serve (Exact old: 410)", async () => {
    const path = "/api/v1/namespaces/shop/configmaps";
    const first = (await call(cluster, "GET", path)).json();
    const rv = Number((first.metadata as Obj).resourceVersion);
    expect(rv).toBeGreaterThan(0);
    // A write moves the store on: rv is now in the past.
    const created = await call(cluster, "POST", path, {
      body: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "rv-probe" }, data: {} },
    });
    expect(created.status).toBe(201);
    const now = Number((created.json().metadata as Obj).resourceVersion);
    expect(now).toBeGreaterThan(rv);
    // Unset, "0" and NotOlderThan (explicit or legacy) are all served from the current state.
    for (const q of ["", "?resourceVersion=0", `?resourceVersion=${rv}`]) {
      const r = (await call(cluster, "GET", `${path}${q}`)).json();
      expect(names(r), q).toContain("rv-probe");
      expect(Number((r.metadata as Obj).resourceVersion), q).toBe(now);
    }
    const notOlder = await call(
      cluster,
      "GET",
      `${path}?resourceVersion=${rv}&resourceVersionMatch=NotOlderThan`,
    );
    expect(names(notOlder.json())).toContain("rv-probe");
    const exactNow = await call(
      cluster,
      "GET",
      `${path}?resourceVersion=${now}&resourceVersionMatch=Exact`,
    );
    expect(exactNow.status).toBe(200);
    expect(names(exactNow.json())).toContain("rv-probe");
    // The state at rv is gone (the simulator keeps only the current one): 410, as after compaction.
    const exactOld = await call(
      cluster,
      "GET",
      `${path}?resourceVersion=${rv}&resourceVersionMatch=Exact`,
    );
    expect(exactOld.status).toBe(410);
    expect(exactOld.json()).toMatchObject({ kind: "Status", reason: "Expired", code: 410 });
    expect(String(exactOld.json().message)).toContain(
      "The resourceVersion for the provided list is too old",
    );
    const future = await call(cluster, "GET", `${path}?resourceVersion=${now + 1000}`);
    expect(future.status).toBe(504);
    expect(future.json()).toMatchObject({
      reason: "Timeout",
      details: { causes: [{ reason: "ResourceVersionTooLarge" }], retryAfterSeconds: 1 },
    });
    for (const [q, message] of [
      ["resourceVersionMatch=Exact", "forbidden unless resourceVersion is provided"],
      ["resourceVersion=0&resourceVersionMatch=Exact", 'forbidden for resourceVersion "0"'],
      ["resourceVersion=1&resourceVersionMatch=Newest", "Unsupported value"],
      ["resourceVersion=abc", "must be an integer"],
      [`resourceVersion=${now}&limit=1&continue=x`, "not allowed when using continue"],
      [
        `resourceVersion=0&resourceVersionMatch=NotOlderThan&continue=x`,
        "forbidden when continue is provided",
      ],
    ] as const) {
      const r = await call(cluster, "GET", `${path}?${q}`);
      expect(r.status, q).toBe(400);
      expect(String(r.json().message), q).toContain(message);
    }
    // "0" with a continue token is accepted, as by the real storage: the page is served.
    const page = (await call(cluster, "GET", `${path}?limit=1`)).json();
    const token = String((page.metadata as Obj).continue);
    const next = await call(
      cluster,
      "GET",
      `${path}?resourceVersion=0&limit=1&continue=${encodeURIComponent(token)}`,
    );
    expect(next.status).toBe(200);
    expect(names(next.json())).not.toEqual(names(page));
    expect((await call(cluster, "DELETE", `${path}/rv-probe`)).status).toBe(200);
  });

  it("answers 404 Status for unknown objects, resources and paths", async () => {
    const pod = await call(cluster, "GET", "/api/v1/namespaces/shop/pods/nope");
    expect(pod.status).toBe(404);
    expect(pod.json()).toMatchObject({
      reason: "NotFound",
      message: 'pods "nope" not found',
      details: { name: "nope", kind: "pods" },
    });
    const deploy = await call(cluster, "GET", "/apis/apps/v1/namespaces/shop/deployments/nope");
    expect(deploy.json().message).toBe('deployments.apps "nope" not found');
    for (const path of [
      "/api/v1/namespaces/shop/widgets",
      "/apis/example.com/v1",
      "/nope",
      "/api/v2",
    ]) {
      const r = await call(cluster, "GET", path);
      expect(r.status, path).toBe(404);
      expect(r.json().message).toBe("the server could not find the requested resource");
    }
  });

  it("serves kubectl's Table with its columns, derived STATUS and metadata rows", async () => {
    const t = (
      await call(cluster, "GET", "/api/v1/namespaces/shop/pods", {
        accept: "application/json;as=Table;v=v1;g=meta.k8s.io,application/json",
      })
    ).json();
    expect(t).toMatchObject({ kind: "Table", apiVersion: "meta.k8s.io/v1" });
    expect(
      (t.columnDefinitions as { name: string; priority: number }[]).map(
        (c) => `${c.name}:${c.priority}`,
      ),
    ).toEqual([
      "Name:0",
      "Ready:0",
      "Status:0",
      "Restarts:0",
      "Age:0",
      "IP:1",
      "Node:1",
      "Nominated Node:1",
      "Readiness Gates:1",
    ]);
    const rows = t.rows as { cells: unknown[]; object: Obj }[];
    const crash = rows.find((r) => r.cells[0] === "checkout-7d9c5b6f4-x8k2p");
    expect(crash?.cells.slice(1, 4)).toEqual([
      "0/1",
      "CrashLoopBackOff",
      expect.stringMatching(/^37 \(3m\d*s? ago\)$/),
    ]);
    expect(crash?.cells.slice(5, 7)).toEqual(["10.244.1.21", "worker-1"]);
    expect(crash?.object).toMatchObject({
      kind: "PartialObjectMetadata",
      metadata: { name: "checkout-7d9c5b6f4-x8k2p" },
    });
    const full = (
      await call(cluster, "GET", "/api/v1/namespaces/shop/pods?includeObject=Object", {
        accept: "application/json;as=Table;v=v1;g=meta.k8s.io",
      })
    ).json();
    expect((full.rows as { object: Obj }[])[0]?.object).toHaveProperty("spec");
    const nodes = (
      await call(cluster, "GET", "/api/v1/nodes", {
        accept: "application/json;as=Table;v=v1;g=meta.k8s.io",
      })
    ).json();
    expect(
      (nodes.rows as { cells: unknown[] }[]).find((r) => r.cells[0] === "edge-worker-1")?.cells[1],
    ).toBe("NotReady");
  });

  it("serves the same events through core/v1 and events.k8s.io/v1, whatever shape the scenario used", async () => {
    const core = items(
      (
        await call(
          cluster,
          "GET",
          "/api/v1/namespaces/ml/events?fieldSelector=reason%3DFailedScheduling",
        )
      ).json(),
    );
    expect(core).toHaveLength(1);
    expect(core[0]).toMatchObject({
      apiVersion: "v1",
      involvedObject: { kind: "Pod" },
      series: { count: 14 },
    });
    const newer = items(
      (await call(cluster, "GET", "/apis/events.k8s.io/v1/namespaces/ml/events")).json(),
    );
    const fs = newer.find((e) => e.reason === "FailedScheduling");
    expect(fs).toMatchObject({
      apiVersion: "events.k8s.io/v1",
      regarding: { kind: "Pod" },
      note: expect.stringContaining("Insufficient cpu") as unknown,
    });
    const backoff = newer.find((e) => e.reason === "BackoffLimitExceeded");
    expect(backoff).toBeUndefined();
    const nodeEvents = items(
      (
        await call(
          cluster,
          "GET",
          "/api/v1/events?fieldSelector=involvedObject.kind%3DNode,involvedObject.uid%3Dedge-worker-1,involvedObject.namespace%3D",
        )
      ).json(),
    );
    expect(nodeEvents.map((e) => e.reason)).toEqual(
      expect.arrayContaining(["NodeNotReady", "EvictionThresholdMet"]),
    );
  });

  it("compresses large lists for clients that accept gzip, and never serves a stale cached list", async () => {
    const big = await startDemoCluster({ scenarios: [generateScenario({ pods: 200 })] });
    try {
      const plain = await call(big, "GET", "/api/v1/pods");
      const zipped = await call(big, "GET", "/api/v1/pods", {
        headers: { "Accept-Encoding": "gzip" },
      });
      expect(plain.bytes.length).toBeGreaterThan(128 * 1024);
      expect(zipped.contentEncoding).toBe("gzip");
      expect(zipped.bytes.length).toBeLessThan(plain.bytes.length / 4);
      expect(gunzipSync(zipped.bytes).toString("utf8")).toBe(plain.text);
      const small = await call(big, "GET", "/api/v1/namespaces/gen-0/pods?limit=3", {
        headers: { "Accept-Encoding": "gzip" },
      });
      expect(small.contentEncoding).toBe("");
      const victim = names(plain.json())[0] ?? "";
      await call(big, "DELETE", `/api/v1/namespaces/gen-0/pods/${victim}`);
      const after = await call(big, "GET", "/api/v1/pods", {
        headers: { "Accept-Encoding": "gzip" },
      });
      expect(gunzipSync(after.bytes).toString("utf8")).not.toContain(`"${victim}"`);
    } finally {
      await big.close();
    }
  });

  it("serves Secrets as stored, values in last-applied-configuration included (redaction is the client's job)", async () => {
    const s = (await call(cluster, "GET", "/api/v1/namespaces/shop/secrets/checkout-db")).json();
    expect(JSON.stringify(s.metadata)).toContain("postgres://checkout:");
  });
});

describe("logs", () => {
  const base = "/api/v1/namespaces/shop/pods/checkout-7d9c5b6f4-x8k2p/log";
  it("serves previous and current (crash loop) logs with tail, timestamps and byte limits", async () => {
    const previous = await call(cluster, "GET", `${base}?container=checkout&previous=true`);
    expect(previous.status).toBe(200);
    expect(previous.text).toContain("DATABASE_URL is not set");
    expect(
      (await call(cluster, "GET", `${base}?tailLines=1`)).text.trim().split("\n"),
    ).toHaveLength(1);
    expect((await call(cluster, "GET", `${base}?tailLines=2&timestamps=true`)).text).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z \{/,
    );
    expect((await call(cluster, "GET", `${base}?limitBytes=10`)).text).toHaveLength(10);
  });

  it("filters by sinceSeconds and sinceTime on the lines' kubelet timestamps", async () => {
    // A Job pod that ran for a minute about 55 minutes ago: its lines are spread over that minute.
    const path = "/api/v1/namespaces/batch/pods/db-migrate-q8w4j/log";
    const stamped = (await call(cluster, "GET", `${path}?timestamps=true`)).text.trim().split("\n");
    expect(stamped.length).toBeGreaterThan(3);
    const times = stamped.map((l) => Date.parse(l.slice(0, l.indexOf(" "))));
    const lines = stamped.map((l) => l.slice(l.indexOf(" ") + 1));
    const k = Math.floor(lines.length / 2);
    const tail = (t: string): string[] =>
      t
        .trim()
        .split("\n")
        .filter((l) => l !== "");
    // sinceTime: the lines at or after that instant.
    const sinceTime = new Date(times[k] ?? 0).toISOString();
    expect(tail((await call(cluster, "GET", `${path}?sinceTime=${sinceTime}`)).text)).toEqual(
      lines.slice(k),
    );
    // sinceSeconds: relative to now; a cut 5 s after line k keeps the lines after it.
    const seconds = Math.round((Date.now() - (times[k] ?? 0)) / 1000) - 5;
    expect(tail((await call(cluster, "GET", `${path}?sinceSeconds=${seconds}`)).text)).toEqual(
      lines.slice(k + 1),
    );
    expect(tail((await call(cluster, "GET", `${path}?sinceSeconds=7200`)).text)).toEqual(lines);
    expect((await call(cluster, "GET", `${path}?sinceSeconds=60`)).text).toBe("");
    // Combined with tailLines, since filters first (as the kubelet does).
    expect(
      tail((await call(cluster, "GET", `${path}?sinceTime=${sinceTime}&tailLines=1`)).text),
    ).toEqual(lines.slice(-1));
  });

  it("answers the kubelet's errors", async () => {
    const cases: [string, number, string][] = [
      [
        "/api/v1/namespaces/shop/pods/postgres-0/log?previous=true",
        400,
        'previous terminated container "postgres" in pod "postgres-0" not found',
      ],
      [
        `${base}?container=nope`,
        400,
        "container nope is not valid for pod checkout-7d9c5b6f4-x8k2p",
      ],
      [
        "/api/v1/namespaces/ml/pods/trainer-7f6d5c4b8d-w9c4k/log",
        400,
        "pod trainer-7f6d5c4b8d-w9c4k does not have a host assigned",
      ],
      [
        "/api/v1/namespaces/iot/pods/sensor-gateway-7f9d6c5b8c-k9t2w/log",
        500,
        "dial tcp 10.0.2.31:10250: connect: no route to host",
      ],
      ["/api/v1/namespaces/shop/pods/nope/log", 404, 'pods "nope" not found'],
    ];
    for (const [path, status, message] of cases) {
      const r = await call(cluster, "GET", path);
      expect(r.status, path).toBe(status);
      expect(r.json().message).toContain(message);
    }
  });
});

describe("writes", () => {
  const deploy = "/apis/apps/v1/namespaces/shop/deployments/cart";
  it("patches with merge, strategic and JSON patch, bumping generation on spec changes", async () => {
    const before = (await call(cluster, "GET", deploy)).json();
    const merged = await call(cluster, "PATCH", deploy, {
      body: { metadata: { labels: { team: "commerce" } } },
      contentType: "application/merge-patch+json",
    });
    expect(merged.status).toBe(200);
    expect(merged.json()).toMatchObject({
      metadata: { labels: { team: "commerce" }, generation: (before.metadata as Obj).generation },
    });
    const smp = await call(cluster, "PATCH", deploy, {
      body: {
        spec: {
          template: { spec: { containers: [{ name: "cart", env: [{ name: "X", value: "1" }] }] } },
        },
      },
      contentType: "application/strategic-merge-patch+json",
    });
    expect(JSON.stringify(smp.json())).toContain('"name":"X"');
    expect((smp.json().metadata as Obj).generation).toBe(
      ((before.metadata as Obj).generation as number) + 1,
    );
    const jp = await call(cluster, "PATCH", deploy, {
      body: [{ op: "replace", path: "/spec/replicas", value: 3 }],
      contentType: "application/json-patch+json",
    });
    expect((jp.json().spec as Obj).replicas).toBe(3);
  });

  it("answers bad patches and conflicts with the real status codes", async () => {
    const cases: [string, string, unknown, string, number, string][] = [
      ["PATCH", deploy, "{not json", "application/merge-patch+json", 400, "error decoding patch"],
      [
        "PATCH",
        deploy,
        [{ op: "replace", path: "/spec/nope", value: 1 }],
        "application/json-patch+json",
        422,
        "doc is missing key: /spec/nope",
      ],
      [
        "PATCH",
        deploy,
        [{ op: "test", path: "/spec/replicas", value: 99 }],
        "application/json-patch+json",
        422,
        "test failed",
      ],
      ["PATCH", deploy, { spec: {} }, "text/plain", 415, "unknown format"],
      [
        "PATCH",
        deploy,
        { spec: { replicas: -1 } },
        "application/merge-patch+json",
        422,
        "spec.replicas: Invalid value: -1",
      ],
      [
        "PATCH",
        deploy,
        { spec: { selector: { matchLabels: { app: "other" } } } },
        "application/merge-patch+json",
        422,
        "field is immutable",
      ],
      [
        "PATCH",
        "/apis/apps/v1/namespaces/shop/deployments/nope",
        { spec: {} },
        "application/merge-patch+json",
        404,
        'deployments.apps "nope" not found',
      ],
      [
        "PATCH",
        "/api/v1/namespaces/shop/pods/postgres-0",
        { spec: { containers: [{ name: "postgres", env: [{ name: "X", value: "1" }] }] } },
        "application/strategic-merge-patch+json",
        422,
        "pod updates may not change fields",
      ],
      [
        "PATCH",
        "/apis/batch/v1/namespaces/batch/jobs/db-migrate",
        {
          spec: {
            template: {
              spec: {
                containers: [{ name: "migrate", image: "ghcr.io/acme/migrations:2025.11.4" }],
              },
            },
          },
        },
        "application/strategic-merge-patch+json",
        422,
        'Job.batch "db-migrate" is invalid: spec.template: Invalid value:',
      ],
    ];
    for (const [method, path, body, contentType, status, message] of cases) {
      const r = await call(
        cluster,
        method,
        path,
        typeof body === "string" ? { raw: body, contentType } : { body, contentType },
      );
      expect(r.status, `${path} ${contentType}`).toBe(status);
      expect(r.json()).toMatchObject({ kind: "Status", code: status });
      expect(r.json().message).toContain(message);
    }
    // The same Job takes a change outside its template.
    const labelled = await call(
      cluster,
      "PATCH",
      "/apis/batch/v1/namespaces/batch/jobs/db-migrate",
      {
        body: { metadata: { labels: { team: "data" } } },
        contentType: "application/merge-patch+json",
      },
    );
    expect(labelled.status, labelled.text).toBe(200);
    const current = (await call(cluster, "GET", deploy)).json();
    const stale = await call(cluster, "PUT", deploy, {
      body: { ...current, metadata: { ...(current.metadata as Obj), resourceVersion: "1" } },
    });
    expect(stale.status).toBe(409);
    expect(stale.json().message).toContain("the object has been modified");
  });

  it("creates (201, 409 on duplicates, 422 without a name, 404 in a missing namespace)", async () => {
    const cm = {
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: "flags" },
      data: { a: "1" },
    };
    const created = await call(cluster, "POST", "/api/v1/namespaces/shop/configmaps", { body: cm });
    expect(created.status).toBe(201);
    expect(created.json()).toMatchObject({
      metadata: {
        name: "flags",
        namespace: "shop",
        uid: expect.any(String) as unknown,
        resourceVersion: expect.any(String) as unknown,
      },
    });
    expect(
      (await call(cluster, "POST", "/api/v1/namespaces/shop/configmaps", { body: cm })).json(),
    ).toMatchObject({
      code: 409,
      reason: "AlreadyExists",
      message: 'configmaps "flags" already exists',
    });
    expect(
      (
        await call(cluster, "POST", "/api/v1/namespaces/shop/configmaps", {
          body: { ...cm, metadata: {} },
        })
      ).status,
    ).toBe(422);
    expect(
      (await call(cluster, "POST", "/api/v1/namespaces/nowhere/configmaps", { body: cm })).json(),
    ).toMatchObject({ code: 404, message: 'namespaces "nowhere" not found' });
    const generated = await call(cluster, "POST", "/api/v1/namespaces/shop/configmaps", {
      body: { ...cm, metadata: { generateName: "flags-" } },
    });
    expect((generated.json().metadata as Obj).name).toMatch(/^flags-[a-z0-9]{5}$/);
  });

  it("scales through the scale subresource and deletes with cascading", async () => {
    const scaled = await call(
      cluster,
      "PATCH",
      "/apis/apps/v1/namespaces/shop/deployments/cart/scale",
      { body: { spec: { replicas: 1 } }, contentType: "application/merge-patch+json" },
    );
    expect(scaled.json()).toMatchObject({
      kind: "Scale",
      apiVersion: "autoscaling/v1",
      spec: { replicas: 1 },
    });
    const scale = (
      await call(cluster, "GET", "/apis/apps/v1/namespaces/shop/deployments/cart/scale")
    ).json();
    expect(scale).toMatchObject({ spec: { replicas: 1 }, status: { replicas: 1 } });
    const deleted = await call(cluster, "DELETE", "/apis/apps/v1/namespaces/shop/deployments/cart");
    expect(deleted.status).toBe(200);
    expect(
      names(
        (
          await call(cluster, "GET", "/api/v1/namespaces/shop/pods?labelSelector=app%3Dcart")
        ).json(),
      ),
    ).toEqual([]);
    expect(
      names(
        (
          await call(
            cluster,
            "GET",
            "/apis/apps/v1/namespaces/shop/replicasets?labelSelector=app%3Dcart",
          )
        ).json(),
      ),
    ).toEqual([]);
  });
});

describe("watch", () => {
  it("streams ADDED for what exists, then changes, and ERROR 410 for an expired resourceVersion", async () => {
    const w = watch(cluster, "/api/v1/namespaces/batch/pods?watch=1");
    await until(() => w.events.length >= 5);
    expect(w.events.every((e) => e.type === "ADDED")).toBe(true);
    await call(cluster, "DELETE", "/api/v1/namespaces/batch/pods/db-migrate-q8w4j");
    await until(() => w.events.some((e) => e.type === "DELETED"));
    w.stop();
    const old = watch(cluster, "/api/v1/pods?watch=true&resourceVersion=1");
    await old.ended;
    expect(old.events[0]).toMatchObject({
      type: "ERROR",
      object: { kind: "Status", code: 410, reason: "Expired" },
    });
  });

  it("streams Deployments and their Events, through core/v1 and events.k8s.io/v1", async () => {
    const rvOf = async (path: string): Promise<string> =>
      ((await call(cluster, "GET", path)).json().metadata as Obj).resourceVersion as string;
    const deployments = watch(
      cluster,
      `/apis/apps/v1/namespaces/shop/deployments?watch=1&resourceVersion=${await rvOf("/apis/apps/v1/namespaces/shop/deployments")}`,
    );
    const core = watch(
      cluster,
      `/api/v1/namespaces/shop/events?watch=1&fieldSelector=involvedObject.kind%3DDeployment&resourceVersion=${await rvOf("/api/v1/namespaces/shop/events")}`,
    );
    const modern = watch(
      cluster,
      `/apis/events.k8s.io/v1/namespaces/shop/events?watch=1&resourceVersion=${await rvOf("/apis/events.k8s.io/v1/namespaces/shop/events")}`,
    );
    await new Promise((r) => setTimeout(r, 100));
    const scaled = await call(
      cluster,
      "PATCH",
      "/apis/apps/v1/namespaces/shop/deployments/checkout/scale",
      { body: { spec: { replicas: 3 } }, contentType: "application/merge-patch+json" },
    );
    expect(scaled.status).toBe(200);
    const scalingEvent = (e: { object: Obj }): boolean =>
      JSON.stringify(e.object).includes("Scaled up replica set checkout-");
    await until(
      () =>
        deployments.events.some((e) => e.type === "MODIFIED") &&
        core.events.some(scalingEvent) &&
        modern.events.some(scalingEvent),
    );
    for (const w of [deployments, core, modern]) w.stop();
    const checkout = deployments.events.find(
      (e) => e.type === "MODIFIED" && (e.object.metadata as Obj).name === "checkout",
    );
    expect(checkout?.object).toMatchObject({ kind: "Deployment", spec: { replicas: 3 } });
    // Only checkout changed: the other Deployments of shop were not resent.
    expect(deployments.events.every((e) => (e.object.metadata as Obj).name === "checkout")).toBe(
      true,
    );
    const v1 = core.events.find(scalingEvent);
    expect(v1).toMatchObject({
      type: "ADDED",
      object: {
        kind: "Event",
        apiVersion: "v1",
        reason: "ScalingReplicaSet",
        involvedObject: { kind: "Deployment", name: "checkout" },
      },
    });
    // The field selector held: no Pod or ReplicaSet event reached the core watch.
    expect(core.events.every((e) => (e.object.involvedObject as Obj).kind === "Deployment")).toBe(
      true,
    );
    const events = modern.events.find(scalingEvent);
    expect(events).toMatchObject({
      type: "ADDED",
      object: {
        kind: "Event",
        apiVersion: "events.k8s.io/v1",
        reason: "ScalingReplicaSet",
        regarding: { kind: "Deployment", name: "checkout" },
      },
    });
    expect(String(events?.object.note)).toMatch(/Scaled up replica set checkout-\S+ from 2 to 3/);
  });

  it("streams Table rows with column definitions only in the first event", async () => {
    const list = (await call(cluster, "GET", "/api/v1/namespaces/shop/pods")).json();
    const rv = (list.metadata as Obj).resourceVersion as string;
    const w = watch(
      cluster,
      `/api/v1/namespaces/shop/pods?watch=1&resourceVersion=${rv}`,
      "application/json;as=Table;v=v1;g=meta.k8s.io",
    );
    await new Promise((r) => setTimeout(r, 100));
    await call(cluster, "DELETE", "/api/v1/namespaces/shop/pods/postgres-0");
    await until(() => w.events.length >= 2);
    w.stop();
    const tables = w.events.map((e) => e.object);
    expect(tables[0]).toMatchObject({ kind: "Table" });
    expect((tables[0]?.columnDefinitions as unknown[]).length).toBeGreaterThan(0);
    expect(tables.slice(1).every((t) => (t.columnDefinitions as unknown[]).length === 0)).toBe(
      true,
    );
    expect(w.events[0]).toMatchObject({ type: "DELETED" });
    expect(
      w.events.some((e) => e.type === "ADDED" && JSON.stringify(e.object).includes("postgres-0")),
    ).toBe(true);
  });
});

describe("reset", () => {
  it("restores the loaded scenarios", async () => {
    await call(cluster, "DELETE", "/api/v1/namespaces/shop/secrets/checkout-db");
    expect((await call(cluster, "GET", "/api/v1/namespaces/shop/secrets/checkout-db")).status).toBe(
      404,
    );
    await cluster.reset();
    expect((await call(cluster, "GET", "/api/v1/namespaces/shop/secrets/checkout-db")).status).toBe(
      200,
    );
    expect(
      (await call(cluster, "GET", "/apis/apps/v1/namespaces/shop/deployments/cart")).status,
    ).toBe(200);
  });
});

describe("latency", () => {
  it("answers every request after the configured delay, no sooner", async () => {
    const slow = await startDemoCluster({ scenarios: ["crashloop-missing-env"], latencyMs: 250 });
    try {
      for (const path of ["/version", "/api/v1/namespaces/shop/pods"]) {
        const started = performance.now();
        const answer = await call(slow, "GET", path);
        expect(answer.status).toBe(200);
        expect(performance.now() - started).toBeGreaterThanOrEqual(245);
      }
    } finally {
      await slow.close();
    }
  });

  it("refuses a latency that is not a whole number of milliseconds from 0 to 10000", async () => {
    for (const latencyMs of [-1, 1.5, 10_001, Number.NaN]) {
      await expect(startDemoCluster({ latencyMs })).rejects.toMatchObject({
        code: "invalid_options",
        message: expect.stringContaining("latencyMs") as unknown,
      });
    }
  });
});
