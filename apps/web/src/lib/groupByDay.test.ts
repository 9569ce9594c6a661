import { describe, expect, it } from "vitest";
import { en } from "../i18n/messages.en";
import { zhCN } from "../i18n/messages.zh-CN";
import { groupByDay } from "./groupByDay";

describe("groupByDay", () => {
  const now = new Date(2026, 10, 22, 15, 0); // local time
  const at = (d: number, h = 12) => new Date(2026, 10, d, h).toISOString();

  it("groups newest-first items by recency in local time", () => {
    const items = [
      { id: "a", t: at(22, 9) },
      { id: "b", t: at(22, 0) },
      { id: "c", t: at(21, 23) },
      { id: "d", t: at(18) },
      { id: "e", t: at(1) },
      { id: "f", t: new Date(2026, 7, 3).toISOString() },
      { id: "g", t: "not a date" },
    ];
    const groups = groupByDay(items, (i) => i.t, en.days, now);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ["Today", ["a", "b"]],
      ["Yesterday", ["c"]],
      ["Previous 7 days", ["d"]],
      ["Previous 30 days", ["e"]],
      ["August 2026", ["f"]],
      ["Older", ["g"]],
    ]);
  });

  it("names the sections in the UI's language, months through Intl", () => {
    const items = [{ t: at(22) }, { t: new Date(2026, 7, 3).toISOString() }];
    const groups = groupByDay(items, (i) => i.t, zhCN.days, now, "zh-CN");
    expect(groups.map((g) => g.label)).toEqual(["今天", "2026年8月"]);
  });

  it("returns no groups for no items", () => {
    expect(groupByDay([], () => "", en.days, now)).toEqual([]);
  });
});
