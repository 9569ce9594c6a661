import { describe, expect, it } from "vitest";
import { redactManifest } from "./redactManifest";

describe("redactManifest", () => {
  it("masks Secret values and credential env values in every document", () => {
    const manifest = `apiVersion: v1
kind: Secret
metadata: { name: db }
stringData:
  password: hunter2-hunter2
---
apiVersion: apps/v1
kind: Deployment
metadata: { name: api }
spec:
  template:
    spec:
      containers:
        - name: api
          env:
            - { name: API_TOKEN, value: tok-123456 }
            - { name: LOG_LEVEL, value: debug }
`;
    const out = redactManifest(manifest);
    expect(out).not.toMatch(/hunter2|tok-123456/);
    expect(out).toContain('password: "[REDACTED: 15 bytes]"');
    expect(out).toContain("value: debug");
    expect(out.split("\n---\n")).toHaveLength(2);
  });

  it("masks unparseable text as free text", () => {
    expect(redactManifest("password=hunter2 {[")).toBe("password=[REDACTED] {[");
  });
});
