/**
 * Sidebar sections by recency, in the user's local time: Today, Yesterday,
 * Previous 7 days, Previous 30 days, then one section per month. Items keep
 * their order (the server sends newest first).
 */
export interface DayGroup<T> {
  label: string;
  items: T[];
}

export function groupByDay<T>(
  items: readonly T[],
  dateOf: (item: T) => string,
  now: Date = new Date(),
): DayGroup<T>[] {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const day = 86_400_000;
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const label = labelFor(Date.parse(dateOf(item)), startOfToday, day);
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

function labelFor(time: number, startOfToday: number, day: number): string {
  if (Number.isNaN(time)) return "Older";
  if (time >= startOfToday) return "Today";
  if (time >= startOfToday - day) return "Yesterday";
  if (time >= startOfToday - 7 * day) return "Previous 7 days";
  if (time >= startOfToday - 30 * day) return "Previous 30 days";
  return new Date(time).toLocaleDateString("en", { month: "long", year: "numeric" });
}
