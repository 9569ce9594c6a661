import { describe, expect, it } from "vitest";
import { snapshotFromObjects } from "./snapshotFromObjects";

describe("snapshot sanitization", () => {
  it("keeps no Secret value, in data, stringData or the last-applied annotation", () => {
    const secret = {
      kind: "Secret",
      metadata: {
        name: "db",
        namespace: "a",
        annotations: {
          "kubectl.kubernetes.io/last-applied-configuration":
            '{"stringData":{"password":"hunter2"}}',
          team: "x",
        },
        managedFields: [{ manager: "kubectl" }],
      },
      data: { password: Buffer.from("hunter2").toString("base64") },
      stringData: { token: "t0ken" },
    };
    const snapshot = snapshotFromObjects([secret]);
    const kept = snapshot.get("secrets", "a", "db");
    expect(kept?.data).toEqual({ password: "", token: "" });
    expect(JSON.stringify(kept)).not.toMatch(/hunter2|aHVudGVyMg|t0ken|managedFields/);
    expect(kept?.metadata?.annotations).toEqual({ team: "x" });
    // The caller's object is not modified.
    expect(secret.data.password).toBe("aHVudGVyMg==");
  });
});
