import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  sendJson,
  startLoopbackApiServer,
  type LoopbackApiServer,
} from "../testing/loopbackApiServer";

/**
 * `explain` against OpenAPI v3 documents in the shape the API server
 * publishes them (`/openapi/v3` index → per group-version document with
 * `allOf` references and `x-kubernetes-group-version-kind`), trimmed to the
 * apps/v1 schemas these cases read. The demo cluster serves no OpenAPI, so a
 * loopback server stands in; engine.int.test.ts checks the demo cluster's
 * "unsupported" answer.
 */
const APPS_V1 = JSON.parse(
  readFileSync(new URL("../testing/openapi-apps-v1.json", import.meta.url), "utf8"),
) as unknown;

let api: LoopbackApiServer;
beforeAll(async () => {
  api = await startLoopbackApiServer({
    routes: {
      "/openapi/v3": (_req, res) =>
        sendJson(res, {
          paths: { "apis/apps/v1": { serverRelativeURL: "/openapi/v3/apis/apps/v1?hash=5E1F" } },
        }),
      "/openapi/v3/apis/apps/v1": (req, res) =>
        // The index's URL is followed as given, hash included.
        req.url?.endsWith("?hash=5E1F") === true
          ? sendJson(res, APPS_V1)
          : sendJson(res, { components: { schemas: {} } }),
    },
  });
});
afterAll(async () => {
  await api.close();
});

describe("explain from the server's OpenAPI v3", () => {
  it("prints a field's type and description as kubectl does", async () => {
    const r = await api.engine.run("explain deployment.spec.replicas");
    expect(r.ok, r.output).toBe(true);
    expect(r.classification).toBe("read");
    expect(r.output).toBe(
      [
        "GROUP:      apps",
        "KIND:       Deployment",
        "VERSION:    v1",
        "",
        "FIELD: replicas <integer>",
        "",
        "DESCRIPTION:",
        "    Number of desired pods. This is a pointer to distinguish between explicit",
        "    zero and not specified. Defaults to 1.",
      ].join("\n"),
    );
  });

  it("lists an object's fields with their types, required marks and enums, by short name", async () => {
    const spec = await api.engine.run("explain deploy.spec");
    expect(spec.output).toMatch(/^FIELD: spec <DeploymentSpec>$/m);
    expect(spec.output).toMatch(/^ {2}selector\t<LabelSelector> -required-$/m);
    expect(spec.output).toMatch(/^ {2}template\t<PodTemplateSpec> -required-$/m);
    expect(spec.output).toMatch(/^ {2}replicas\t<integer>$/m);
    const strategy = await api.engine.run("explain deployments.spec.strategy.type");
    expect(strategy.output).toContain("FIELD: type <string>");
    expect(strategy.output).toContain('Type of deployment. Can be "Recreate" or "RollingUpdate".');
    const parent = await api.engine.run("explain deployment.spec.strategy");
    expect(parent.output).toMatch(/^ {2}type\t<string>\n {2}enum: Recreate, RollingUpdate$/m);
  });

  it("walks references, arrays and maps with --recursive", async () => {
    const r = await api.engine.run("explain deployment.spec.selector --recursive");
    expect(r.output).toContain("FIELD: selector <LabelSelector>");
    expect(r.output).toMatch(/^ {2}matchExpressions\t<\[\]LabelSelectorRequirement>$/m);
    expect(r.output).toMatch(/^ {4}key\t<string> -required-$/m);
    expect(r.output).toMatch(/^ {2}matchLabels\t<map\[string\]string>$/m);
  });

  it("says which field does not exist, and which group-version has no document", async () => {
    const missing = await api.engine.run("explain deployment.spec.replicaz");
    expect(missing).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(missing.output).toBe('error: field "replicaz" does not exist');
    const pods = await api.engine.run("explain pods");
    expect(pods).toMatchObject({ ok: false, error: { code: "unsupported" } });
    expect(pods.output).toBe("error: the server publishes no OpenAPI v3 document for v1");
    expect(api.requests).toContain("/openapi/v3/apis/apps/v1");
  });
});
