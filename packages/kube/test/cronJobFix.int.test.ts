import { KubeConfig } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refKey } from "../src/correlate/Candidate";
import { correlate } from "../src/correlate/correlate";
import type { DemoFixture } from "./demoFixture";
import { startDemoFixture } from "./demoFixture";

let fx: DemoFixture;
beforeAll(async () => {
  fx = await startDemoFixture({ scenarios: ["healthy-storefront"] });
});
afterAll(async () => {
  await fx.close();
});

const write = async (line: string, manifest?: string): Promise<string> => {
  const r = await fx.engine.run(line, { allowMutations: true, ...(manifest ? { manifest } : {}) });
  expect(r.ok, `${line}: ${r.output}`).toBe(true);
  return r.output;
};
const read = async (line: string): Promise<string> => {
  const r = await fx.engine.run(line);
  expect(r.ok, `${line}: ${r.output}`).toBe(true);
  return r.output;
};

/** A run of CronJob storefront/sitemap, as the CronJob controller would create it: its template, owned by the CronJob. */
async function startRun(name: string): Promise<void> {
  const cron = JSON.parse(await read("get cronjob sitemap -n storefront -o json")) as {
    metadata: { uid: string };
    spec: { jobTemplate: { spec: { template: unknown } } };
  };
  const job = {
    apiVersion: "batch/v1",
    kind: "Job",
    metadata: {
      name,
      namespace: "storefront",
      ownerReferences: [
        {
          apiVersion: "batch/v1",
          kind: "CronJob",
          name: "sitemap",
          uid: cron.metadata.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: { backoffLimit: 0, template: cron.spec.jobTemplate.spec.template },
  };
  await write("apply -f -", JSON.stringify(job));
}

/**
 * A CronJob whose runs stay Pending (a nodeSelector no node matches): the
 * correlation engine's own fix command, run through the kubectl engine
 * against the demo cluster, changes the CronJob's job template, and the next
 * run is scheduled.
 */
describe("a fix proposed for a CronJob applies to it", () => {
  it("removes the nodeSelector from the job template, and the next run gets a node", async () => {
    await write(
      `patch cronjob sitemap -n storefront --type=merge -p '{"spec":{"jobTemplate":{"spec":{"template":{"spec":{"nodeSelector":{"disktype":"nvme"}}}}}}}'`,
    );
    await startRun("sitemap-29384460");
    const kc = new KubeConfig();
    kc.loadFromFile(fx.kubeconfigPath);
    const [top] = await correlate(kc, { namespace: "storefront" });
    expect(top?.category).toBe("Unschedulable");
    expect(refKey(top!.primary)).toBe("CronJob/storefront/sitemap");
    const fix = top?.fixes.find((f) => f.title.startsWith("Remove the nodeSelector"));
    expect(fix?.command).toBe(
      `patch cronjob sitemap -n storefront --type=json -p '[{"op":"remove","path":"/spec/jobTemplate/spec/template/spec/nodeSelector/disktype"}]'`,
    );
    const selector =
      "get cronjob sitemap -n storefront -o jsonpath={.spec.jobTemplate.spec.template.spec.nodeSelector}";
    expect(JSON.parse(await read(selector))).toEqual({ disktype: "nvme" });
    await write(fix!.command!);
    expect(JSON.parse((await read(selector)) || "{}")).toEqual({});
    await startRun("sitemap-29384520");
    const pods = JSON.parse(
      await read("get pods -n storefront -l batch.kubernetes.io/job-name=sitemap-29384520 -o json"),
    ) as { items: { spec: { nodeName?: string } }[] };
    expect(pods.items.map((p) => p.spec.nodeName ?? "")).not.toContain("");
    expect(pods.items.length).toBeGreaterThan(0);
  });
});
