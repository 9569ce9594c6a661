import { describe, expect, it } from "vitest";
import { aboutAny, touchesAny } from "./fixTargets";

const JOB = "Job/batch-eu/db-migrate";
const GATEWAY = "Deployment/travel/partner-gateway";

describe("an unfixable cause's objects, left out of the fix judgement", () => {
  it("matches the object and those named after it, in its namespace only", () => {
    expect(aboutAny("Job batch-eu/db-migrate: failed", [JOB])).toBe(true);
    expect(aboutAny("Pod batch-eu/db-migrate-h8klr: exit code 1", [JOB])).toBe(true);
    expect(aboutAny("Service travel/partner-gateway: no ready endpoint", [GATEWAY])).toBe(true);
    expect(aboutAny("Job batch/db-migrate: failed", [JOB])).toBe(false);
    expect(aboutAny("Job batch-eu/db-migrate2: failed", [JOB])).toBe(false);
    expect(aboutAny("Deployment travel/booking-service: rollout incomplete", [GATEWAY])).toBe(
      false,
    );
  });

  it("a command touches it when it names the object in its namespace", () => {
    expect(touchesAny("delete job db-migrate -n batch-eu", [JOB])).toBe(true);
    expect(touchesAny("rollout restart deployment/partner-gateway -n travel", [GATEWAY])).toBe(
      true,
    );
    expect(
      touchesAny("rollout restart deployment/partner-gateway --namespace=travel", [GATEWAY]),
    ).toBe(true);
    expect(touchesAny("rollout restart deployment/partner-gateway -n other", [GATEWAY])).toBe(
      false,
    );
    expect(touchesAny("rollout undo deployment/orders-api -n orders-eu", [JOB, GATEWAY])).toBe(
      false,
    );
  });
});
