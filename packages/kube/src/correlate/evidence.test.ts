import { describe, expect, it } from "vitest";
import { normalizeEvent } from "../model/snapshot/events";
import { eventLines } from "./evidence";

const now = Date.parse("2024-05-01T12:00:00Z");
const event = (lastTimestamp: string, reason: string) =>
  normalizeEvent({
    metadata: { name: `web.${reason}`, namespace: "shop" },
    involvedObject: { kind: "Pod", name: "web-1", namespace: "shop" },
    reason,
    message: "Back-off restarting failed container",
    type: "Warning",
    count: 1,
    lastTimestamp,
  });

describe("eventLines", () => {
  it("ages events as kubectl's LAST SEEN column does (correlation's own formatter rounded 150m to 2h)", () => {
    const text = eventLines(
      [
        event("2024-04-28T08:00:00Z", "Old"),
        event("2024-05-01T09:30:00Z", "Hours"),
        event("2024-05-01T11:54:53Z", "Minutes"),
      ],
      now,
    );
    expect(text.split("\n").map((l) => l.split("  ")[0])).toEqual(["3d4h", "150m", "5m7s"]);
  });
});
