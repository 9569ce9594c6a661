/**
 * Sidebar sections by recency, in the user's local time: Today, Yesterday,
 * Previous 7 days, Previous 30 days, then one section per month. Items keep
 * their order (the server sends newest first).
 */
export interface DayGroup<T> {
  label: string;
  items: T[];
}

/** The recency sections' names, in the UI's language (i18n `days`). */
export interface DayLabels {
  today: string;
  yesterday: string;
  previous7: string;
  previous30: string;
  older: string;
}

export function groupByDay<T>(
  items: readonly T[],
  dateOf: (item: T) => string,
  labels: DayLabels,
  now: Date = new Date(),
  locale = "en",
): DayGroup<T>[] {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const day = 86_400_000;
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const label = labelFor(Date.parse(dateOf(item)), startOfToday, day, labels, locale);
    const last = groups[groups.length - 1];
    if (last?.label === label) last.items.push(item);
    else {
      const existing = groups.find((g) => g.label === label);
      if (existing) existing.items.push(item);
      else groups.push({ label, items: [item] });
    }
  }
  return groups;
}

function labelFor(
  time: number,
  startOfToday: number,
  day: number,
  labels: DayLabels,
  locale: string,
): string {
  if (Number.isNaN(time)) return labels.older;
  if (time >= startOfToday) return labels.today;
  if (time >= startOfToday - day) return labels.yesterday;
  if (time >= startOfToday - 7 * day) return labels.previous7;
  if (time >= startOfToday - 30 * day) return labels.previous30;
  return new Date(time).toLocaleDateString(locale, { month: "long", year: "numeric" });
}
