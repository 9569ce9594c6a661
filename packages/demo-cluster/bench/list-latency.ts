import { Agent, request } from "node:https";
import { gunzipSync } from "node:zlib";
import { listJson } from "../src/api/serialize";
import { TypeRegistry } from "../src/api/type-registry";
import { generateScenario, mergeScenarios, startDemoCluster, type DemoCluster } from "../src/index";
import { ClusterState } from "../src/server/cluster-state";
import { matchesLabels, parseLabelSelector } from "../src/store/label-selector";

/**
 * List latency of the simulator at a given size, measured two ways:
 * end to end over HTTPS (what kubectl and client-node pay: request, server,
 * transfer of every byte), and in process beside naive baselines that do the
 * same work the obvious way (scan everything, JSON.stringify the whole list).
 */
export interface SizeTimings {
  pods: number;
  startMs: number;
  rssMB: number;
  jsonBytes: number;
  tableBytes: number;
  firstJsonMs: number;
  httpJson: number[];
  /** With Accept-Encoding: gzip, as kubectl and client-node send it; decompression by the client included. */
  httpJsonGzip: number[];
  httpTable: number[];
  /**
   * The same list with a write (a ConfigMap patch, untimed) before each request: the
   * whole-list answer cached until the next write is never reused, so each list is
   * assembled (and compressed) again — what a client pays on a cluster that changes.
   */
  httpJsonAfterWrite: number[];
  httpJsonGzipAfterWrite: number[];
  httpSelector: number[];
  oursList: number[];
  naiveList: number[];
  oursSelector: number[];
  naiveSelector: number[];
}

export async function runListBench(options: {
  sizes: number[];
  runs: (pods: number) => number;
  warmup: number;
  log: (line: string) => void;
}): Promise<SizeTimings[]> {
  const out: SizeTimings[] = [];
  for (const pods of options.sizes) {
    const scenario = generateScenario({ pods, seed: 7 });
    const started = performance.now();
    const cluster = await startDemoCluster({ scenarios: [scenario] });
    const startMs = performance.now() - started;
    const agent = new Agent({ keepAlive: true, maxSockets: 1, ca: cluster.caPem });
    const get = (path: string, accept = "application/json", gzip = false): Promise<number> =>
      fetchBytes(cluster, agent, path, accept, gzip);
    const runs = options.runs(pods);
    const TABLE =
      "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";
    const coldStart = performance.now();
    const jsonBytes = await get("/api/v1/pods");
    const firstJsonMs = performance.now() - coldStart;
    const tableBytes = await get("/api/v1/pods?limit=500000", TABLE);
    const httpJson = await time(() => get("/api/v1/pods"), runs, options.warmup);
    const httpJsonGzip = await time(
      () => get("/api/v1/pods", "application/json", true),
      runs,
      options.warmup,
    );
    const httpTable = await time(() => get("/api/v1/pods", TABLE), runs, options.warmup);
    let writes = 0;
    const write = (): Promise<void> =>
      patchConfigMap(cluster, agent, "bench-writes", { n: String(++writes) });
    await createConfigMap(cluster, agent, "bench-writes");
    const httpJsonAfterWrite = await time(() => get("/api/v1/pods"), runs, options.warmup, write);
    const httpJsonGzipAfterWrite = await time(
      () => get("/api/v1/pods", "application/json", true),
      runs,
      options.warmup,
      write,
    );
    const httpSelector = await time(
      () => get("/api/v1/pods?labelSelector=app%3Dsvc-0"),
      runs,
      options.warmup,
    );
    // In process: our list path beside a naive one over the same objects.
    const state = new ClusterState(mergeScenarios([scenario]));
    const podType = new TypeRegistry().forPath("", "v1", "pods");
    if (podType === undefined) throw new Error("no pod type");
    const all = scenario.objects.map((s) => s.object);
    const selector = parseLabelSelector("app=svc-0");
    const oursList = await time(
      () => listJson(podType, state.store.list("/pods"), { resourceVersion: "1" }).length,
      runs,
      options.warmup,
    );
    const naiveList = await time(
      () =>
        JSON.stringify({
          kind: "PodList",
          apiVersion: "v1",
          metadata: {},
          items: all.filter((o) => o.kind === "Pod"),
        }).length,
      runs,
      options.warmup,
    );
    const oursSelector = await time(
      () => state.store.list("/pods", undefined, selector).length,
      runs,
      options.warmup,
    );
    const naiveSelector = await time(
      () =>
        all.filter((o) => o.kind === "Pod" && matchesLabels(selector, o.metadata.labels)).length,
      runs,
      options.warmup,
    );
    const rssMB = Math.round(process.memoryUsage().rss / 2 ** 20);
    agent.destroy();
    await cluster.close();
    const r: SizeTimings = {
      pods,
      startMs,
      rssMB,
      jsonBytes,
      tableBytes,
      firstJsonMs,
      httpJson,
      httpJsonGzip,
      httpTable,
      httpJsonAfterWrite,
      httpJsonGzipAfterWrite,
      httpSelector,
      oursList,
      naiveList,
      oursSelector,
      naiveSelector,
    };
    options.log(
      `${pods} pods: start ${startMs.toFixed(0)} ms, list JSON median ${median(httpJson).toFixed(1)} ms (gzip ${median(httpJsonGzip).toFixed(1)} ms) (${(jsonBytes / 2 ** 20).toFixed(1)} MiB), after a write ${median(httpJsonAfterWrite).toFixed(1)} ms (gzip ${median(httpJsonGzipAfterWrite).toFixed(1)} ms), Table ${median(httpTable).toFixed(1)} ms`,
    );
    out.push(r);
  }
  return out;
}

function fetchBytes(
  cluster: DemoCluster,
  agent: Agent,
  path: string,
  accept: string,
  gzip: boolean,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${cluster.token}`,
      Accept: accept,
    };
    if (gzip) headers["Accept-Encoding"] = "gzip";
    const req = request(new URL(path, cluster.url), { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        if (res.statusCode !== 200)
          return reject(new Error(`HTTP ${res.statusCode ?? 0} for ${path}`));
        const body = Buffer.concat(chunks);
        resolve(res.headers["content-encoding"] === "gzip" ? gunzipSync(body).length : body.length);
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** A ConfigMap in default: writing it touches no pod, so the reconciler has nothing to do. */
async function createConfigMap(cluster: DemoCluster, agent: Agent, name: string): Promise<void> {
  const status = await send(
    cluster,
    agent,
    "POST",
    "/api/v1/namespaces/default/configmaps",
    "application/json",
    {
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name },
      data: {},
    },
  );
  if (status !== 201) throw new Error(`HTTP ${status} creating ConfigMap ${name}`);
}

async function patchConfigMap(
  cluster: DemoCluster,
  agent: Agent,
  name: string,
  data: Record<string, string>,
): Promise<void> {
  const status = await send(
    cluster,
    agent,
    "PATCH",
    `/api/v1/namespaces/default/configmaps/${name}`,
    "application/merge-patch+json",
    { data },
  );
  if (status !== 200) throw new Error(`HTTP ${status} patching ConfigMap ${name}`);
}

function send(
  cluster: DemoCluster,
  agent: Agent,
  method: string,
  path: string,
  contentType: string,
  body: unknown,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, cluster.url),
      {
        agent,
        method,
        headers: { Authorization: `Bearer ${cluster.token}`, "Content-Type": contentType },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

/** Samples of `fn`; `before` runs ahead of each call, untimed. */
async function time(
  fn: () => unknown,
  runs: number,
  warmup: number,
  before?: () => Promise<void>,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) {
    await before?.();
    await fn();
  }
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    await before?.();
    const t = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return samples;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}
