import { describe, expect, it } from "vitest";
import { cronScheduleError } from "./cronSchedule";

describe("cronScheduleError", () => {
  it.each([
    "0 3 * * *",
    "*/15 9-17 * * 1-5",
    "0 0 1,15 * *",
    "5 4 * jan,JUL sun",
    "30 2 ? * *",
    "10/5 * * * *",
    "@daily",
    "@every 1h30m",
    "@every 1.5h",
    "TZ=UTC 0 0 * * *",
    "CRON_TZ=America/New_York 0 6 * * *",
  ])("accepts %s", (spec) => expect(cronScheduleError(spec)).toBeUndefined());

  it.each([
    ["", /empty/],
    ["* * * *", /expected 5 fields/],
    ["60 * * * *", /above maximum/],
    ["* 24 * * *", /above maximum/],
    ["* * 0 * *", /below minimum/],
    ["* * * 13 *", /above maximum/],
    ["* * * * 7", /above maximum/],
    ["5-1 * * * *", /beyond end/],
    ["*/0 * * * *", /positive/],
    ["1-2-3 * * * *", /hyphens/],
    ["*/2/3 * * * *", /slashes/],
    ["x * * * *", /not a number/],
    ["@fortnightly", /unrecognized descriptor/],
    ["@every soon", /not a duration/],
    ["TZ=Mars/Olympus 0 0 * * *", /unknown time zone/],
    ["TZ=UTC", /not followed by a schedule/],
  ])("rejects %j", (spec, reason) => expect(cronScheduleError(spec)).toMatch(reason));
});
