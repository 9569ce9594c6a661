import { describe, expect, it } from "vitest";
import { evidenceList } from "./evidenceList";

describe("evidenceList", () => {
  it("merges two excerpts of one command and drops lines already quoted", () => {
    const list = evidenceList([
      {
        source: "kubectl",
        command: "describe pod a -n shop",
        excerpt: "State: Waiting\n  Reason: CrashLoopBackOff",
      },
      {
        source: "logs",
        command: "logs a -n shop -c app --previous",
        excerpt: "fatal: DATABASE_URL is not set",
      },
      {
        source: "kubectl",
        command: "describe pod a -n shop",
        excerpt: "Status: Running\n  Reason: CrashLoopBackOff",
      },
      {
        source: "logs",
        command: "logs a -n shop --previous",
        excerpt: "fatal: DATABASE_URL is not set",
      },
    ]);
    expect(list).toEqual([
      {
        source: "kubectl",
        line: "kubectl describe pod a -n shop",
        excerpt: "State: Waiting\n  Reason: CrashLoopBackOff\nStatus: Running",
      },
      {
        source: "logs",
        line: "kubectl logs a -n shop -c app --previous",
        excerpt: "fatal: DATABASE_URL is not set",
      },
    ]);
  });

  it("keeps evidence without a command, labelled by its source", () => {
    expect(evidenceList([{ source: "events", excerpt: "BackOff" }])).toEqual([
      { source: "events", line: null, excerpt: "BackOff" },
    ]);
  });
});
