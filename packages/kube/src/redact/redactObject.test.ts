import { describe, expect, it } from "vitest";
import { LAST_APPLIED_ANNOTATION, redactObject } from "./redactObject";
import { secretMarkerBytes } from "./marker";

const secret = {
  apiVersion: "v1",
  kind: "Secret",
  metadata: {
    name: "db",
    namespace: "shop",
    annotations: {
      [LAST_APPLIED_ANNOTATION]: '{"stringData":{"password":"hunter2"}}',
      team: "payments",
    },
  },
  type: "Opaque",
  data: { password: Buffer.from("hunter2").toString("base64") },
  stringData: { token: "plain-token" },
};

describe("redactObject", () => {
  it("masks Secret values, keeps keys and sizes, drops last-applied", () => {
    const out = redactObject(secret);
    expect(Object.keys(out.data)).toEqual(["password"]);
    expect(secretMarkerBytes(out.data.password)).toBe(7);
    expect(secretMarkerBytes(out.stringData.token)).toBe(11);
    expect(out.metadata.annotations).toEqual({ team: "payments" });
    expect(JSON.stringify(out)).not.toMatch(/hunter2|aHVudGVyMg|plain-token/);
    expect(secret.data.password).toBe("aHVudGVyMg=="); // input untouched
  });

  it("masks SecretList items that carry no kind, and Table rows with objects", () => {
    const list = {
      kind: "SecretList",
      items: [{ metadata: { name: "a" }, data: { k: "c2VjcmV0" } }],
    };
    expect(JSON.stringify(redactObject(list))).not.toContain("c2VjcmV0");
    const table = {
      kind: "Table",
      rows: [
        { cells: ["a", "Opaque", 1], object: { metadata: { name: "a" }, data: { k: "c2VjcmV0" } } },
      ],
    };
    expect(JSON.stringify(redactObject(table, { kind: "Secret" }))).not.toContain("c2VjcmV0");
  });

  it("masks a Secret whose kind was lost, by its shape", () => {
    const bare = {
      metadata: { name: "x" },
      type: "kubernetes.io/basic-auth",
      data: { password: "cHc=" },
    };
    expect(JSON.stringify(redactObject(bare))).not.toContain("cHc=");
  });

  it("masks credential env values in pod templates and keeps references", () => {
    const deploy = {
      kind: "Deployment",
      metadata: { name: "api" },
      spec: {
        template: {
          spec: {
            containers: [
              {
                name: "api",
                args: ["--api-key=abc123", "--port=8080"],
                env: [
                  { name: "DB_PASSWORD", value: "hunter2" },
                  { name: "DATABASE_URL", value: "postgres://u:pw123@db/app" },
                  { name: "LOG_LEVEL", value: "debug" },
                  { name: "DB_USER", valueFrom: { secretKeyRef: { name: "db", key: "user" } } },
                ],
              },
            ],
          },
        },
      },
    };
    const out = redactObject(deploy);
    const container = out.spec.template.spec.containers[0]!;
    expect(container.env.map((e) => e.value)).toEqual([
      "[REDACTED]",
      "postgres://u:[REDACTED]@db/app",
      "debug",
      undefined,
    ]);
    expect(container.env[3]).toEqual(deploy.spec.template.spec.containers[0]!.env[3]);
    expect(container.args).toEqual(["--api-key=[REDACTED]", "--port=8080"]);
  });

  it("masks ConfigMap keys named like credentials", () => {
    const cm = {
      kind: "ConfigMap",
      metadata: { name: "c" },
      data: { API_TOKEN: "t0k", mode: "fast" },
    };
    expect(redactObject(cm).data).toEqual({ API_TOKEN: "[REDACTED]", mode: "fast" });
  });
});
