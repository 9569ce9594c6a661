import { describe, expect, it } from "vitest";
import { podReady } from "./podReady";

describe("podReady", () => {
  it("trusts the Ready condition when there is one", () => {
    expect(
      podReady({
        status: {
          phase: "Running",
          conditions: [{ type: "Ready", status: "False" }],
          containerStatuses: [{ name: "a", ready: true }],
        },
      }),
    ).toBe(false);
    expect(podReady({ status: { conditions: [{ type: "Ready", status: "True" }] } })).toBe(true);
  });

  it("falls back to the containers of a running pod written without conditions", () => {
    expect(
      podReady({ status: { phase: "Running", containerStatuses: [{ name: "a", ready: true }] } }),
    ).toBe(true);
    expect(
      podReady({ status: { phase: "Running", containerStatuses: [{ name: "a", ready: false }] } }),
    ).toBe(false);
    expect(podReady({ status: { phase: "Pending" } })).toBe(false);
  });
});
