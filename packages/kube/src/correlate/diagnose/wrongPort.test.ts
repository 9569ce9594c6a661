import { describe, expect, it } from "vitest";
import {
  objectOf,
  scenarioVariant,
  type EditableObject,
} from "../../model/testing/scenarioVariant";
import { refKey } from "../Candidate";
import { correlateSnapshot } from "../correlateSnapshot";

/**
 * A connection refused on a port the Service does not serve: the built-in
 * (DB_PORT alone in a ConfigMap, psycopg's wording) and variants that change
 * where the wrong number sits and how the runtime words the refusal.
 */
const POD = "quote-api-5f8c7d9b64-m2xqp/quote-api/previous";
const NS = "quotes";

type Container = { name: string; env?: { name: string; value?: string }[] };
function containersOf(o: EditableObject): Container[] {
  const spec = (
    o as unknown as {
      spec: { template?: { spec: { containers: Container[] } }; containers?: Container[] };
    }
  ).spec;
  return spec.template?.spec.containers ?? spec.containers ?? [];
}
function configData(objects: EditableObject[]): Record<string, string> {
  return (
    objectOf(objects, "ConfigMap", "quote-api-config") as unknown as {
      data: Record<string, string>;
    }
  ).data;
}

describe("a connection refused on a port the Service does not serve", () => {
  it("DB_PORT in a ConfigMap (the built-in): the ConfigMap is the root cause, the fix sets the Service's port and restarts", async () => {
    const { snapshot } = await scenarioVariant("configmap-wrong-db-port");
    const [top] = await correlateSnapshot(snapshot, { namespace: NS });
    expect(top?.category).toBe("CrashLoop");
    expect(refKey(top!.primary)).toBe("ConfigMap/quotes/quote-api-config");
    expect(top?.rootCause).toContain("Service quotes/postgres serves port 5432, not 5433");
    expect(top?.rootCause).toContain("key DB_PORT of ConfigMap quotes/quote-api-config");
    expect(top?.related.map(refKey)).toEqual(
      expect.arrayContaining(["Deployment/quotes/quote-api", "Service/quotes/postgres"]),
    );
    expect(top?.fixes.slice(0, 2).map((f) => [f.command, f.role])).toEqual([
      [
        `patch configmap quote-api-config -n quotes --type=merge -p '{"data":{"DB_PORT":"5432"}}'`,
        undefined,
      ],
      ["rollout restart deployment/quote-api -n quotes", "follow-up"],
    ]);
  });

  it("a URL in a ConfigMap, the log showing only the ClusterIP (Go): the URL's port is replaced", async () => {
    const { snapshot } = await scenarioVariant("configmap-wrong-db-port", {
      edit: (objects) => {
        const data = configData(objects);
        delete data.DB_PORT;
        data.DATABASE_URL = "postgres://quote_api@postgres.quotes.svc:5433/quotes?sslmode=disable";
      },
      logs: {
        [POD]:
          'level=info msg="starting"\nlevel=error msg="db" err="dial tcp 10.96.130.44:5433: connect: connection refused"\nlevel=info msg="bye"\n',
      },
    });
    const [top] = await correlateSnapshot(snapshot, { namespace: NS });
    expect(refKey(top!.primary)).toBe("ConfigMap/quotes/quote-api-config");
    expect(top?.fixes[0]?.command).toBe(
      `patch configmap quote-api-config -n quotes --type=merge -p '{"data":{"DATABASE_URL":"postgres://quote_api@postgres.quotes.svc:5432/quotes?sslmode=disable"}}'`,
    );
  });

  it("a literal env var on the pod template: set env with the right port", async () => {
    const { snapshot } = await scenarioVariant("configmap-wrong-db-port", {
      edit: (objects) => {
        delete configData(objects).DB_PORT;
        for (const o of objects.filter((x) => x.metadata.namespace === NS))
          for (const c of ["Deployment", "ReplicaSet", "Pod"].includes(o.kind)
            ? containersOf(o)
            : [])
            c.env = [...(c.env ?? []), { name: "REDIS_URL", value: "redis://postgres:5433/0" }];
      },
      logs: { [POD]: "Error 111 connecting to postgres:5433. Connection refused.\n" },
    });
    const [top] = await correlateSnapshot(snapshot, { namespace: NS });
    expect(top?.category).toBe("CrashLoop");
    expect(refKey(top!.primary)).toBe("Deployment/quotes/quote-api");
    expect(top?.fixes[0]?.command).toBe(
      "set env deployment/quote-api -c quote-api REDIS_URL=redis://postgres:5432/0 -n quotes",
    );
  });

  it("a refusal on the port the Service serves is not blamed on the configuration", async () => {
    const { snapshot } = await scenarioVariant("configmap-wrong-db-port", {
      edit: (objects) => {
        configData(objects).DB_PORT = "5432";
      },
      logs: {
        [POD]:
          'psycopg.OperationalError: connection failed: connection to server at "postgres" (10.96.130.44), port 5432 failed: Connection refused\n',
      },
    });
    const [top] = await correlateSnapshot(snapshot, { namespace: NS });
    expect(refKey(top!.primary)).not.toBe("ConfigMap/quotes/quote-api-config");
    expect(top?.rootCause).not.toContain("serves port");
  });
});
