import { isFinalTurnStatus } from "@kubemedic/protocol";
import type { TurnItem, TurnView } from "./streamTypes";

/**
 * Lays a freshly fetched turn list over the one on screen. The fetched list is
 * the truth for turns that are over. For a turn still running, the server
 * commits its outputs only when it ends, so the fetched copy may lack tool calls
 * and text the stream already showed: those are kept, in the order seen, and
 * every item the fetch does have replaces the shown one. A turn that ended on
 * screen but not yet in the fetch (its commit is in flight) keeps its ending.
 */
export function mergeTurns(fresh: readonly TurnView[], shown: readonly TurnView[]): TurnView[] {
  if (shown.length === 0) return fresh as TurnView[];
  const byId = new Map(shown.map((turn) => [turn.id, turn]));
  return fresh.map((turn) => {
    const before = byId.get(turn.id);
    if (before === undefined) return turn;
    if (isFinalTurnStatus(turn.status) && turn.status !== "interrupted") return turn;
    const items = mergeItems(turn.items, before.items);
    if (isFinalTurnStatus(before.status) && !isFinalTurnStatus(turn.status)) {
      return { ...before, items };
    }
    return { ...turn, items };
  });
}

function mergeItems(fresh: readonly TurnItem[], shown: readonly TurnItem[]): TurnItem[] {
  const freshByKey = new Map(fresh.map((item) => [item.key, item]));
  if (shown.every((item) => freshByKey.has(item.key))) return fresh as TurnItem[];
  const merged = shown.map((item) => preferred(freshByKey.get(item.key), item));
  const shownKeys = new Set(shown.map((item) => item.key));
  for (const item of fresh) if (!shownKeys.has(item.key)) merged.push(item);
  return merged;
}

/** The fetched item wins, except a finished tool or message over a stored one still running. */
function preferred(fetched: TurnItem | undefined, shown: TurnItem): TurnItem {
  if (fetched === undefined) return shown;
  if (fetched.kind === "tool" && shown.kind === "tool" && fetched.status === "running")
    return shown;
  return fetched;
}
