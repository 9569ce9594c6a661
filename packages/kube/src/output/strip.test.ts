import { describe, expect, it } from "vitest";
import { dropManagedFields, stripManagedFields } from "./strip";

const answer = (): Record<string, unknown> => ({
  kind: "Table",
  metadata: { resourceVersion: "7", managedFields: [{ manager: "kubectl" }] },
  rows: [
    {
      cells: ["web-0"],
      object: { metadata: { name: "web-0", managedFields: [{ manager: "kubelet" }] } },
    },
  ],
  items: [{ metadata: { name: "a", managedFields: [] }, spec: { managedFields: "kept" } }],
});

describe("managedFields removal", () => {
  it("drops every metadata.managedFields in place, like the copying strip", () => {
    const doc = answer();
    const copy = stripManagedFields(doc);
    expect(copy).not.toBe(doc);
    expect(JSON.stringify(doc)).toContain("kubelet");
    const same = dropManagedFields(doc);
    expect(same).toBe(doc);
    expect(doc).toEqual(copy);
    expect(JSON.stringify(doc)).not.toMatch(/kubectl|kubelet/);
    // Only under `metadata`: a field of that name elsewhere is data.
    expect((doc.items as { spec: unknown }[])[0]!.spec).toEqual({ managedFields: "kept" });
  });
});
