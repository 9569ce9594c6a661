import { describe, expect, it } from "vitest";
import { parseMissingConfig } from "./configReference";

describe("parseMissingConfig", () => {
  it("reads the kubelet's messages", () => {
    expect(
      parseMissingConfig(
        "couldn't find key SYNC_INTERVAL_SECONDS in ConfigMap inventory/inventory-config",
      ),
    ).toEqual({
      kind: "ConfigMap",
      key: "SYNC_INTERVAL_SECONDS",
      namespace: "inventory",
      name: "inventory-config",
    });
    expect(parseMissingConfig('secret "invoice-db-credentials" not found')).toEqual({
      kind: "Secret",
      name: "invoice-db-credentials",
      namespace: undefined,
      key: undefined,
    });
    expect(
      parseMissingConfig(
        'MountVolume.SetUp failed for volume "cfg" : configmap "app-config" not found',
      ),
    ).toMatchObject({ kind: "ConfigMap", name: "app-config" });
    expect(parseMissingConfig("couldn't find key password in Secret billing/db.")).toMatchObject({
      kind: "Secret",
      name: "db",
      key: "password",
    });
    expect(parseMissingConfig("Back-off pulling image")).toBeUndefined();
  });
});
