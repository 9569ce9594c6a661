import type { ActionMatch, ActionText } from "./ActionText";
import { COUNT_PATTERN, parseCount } from "./numbers";
import type { ReplicaChange } from "./ActionRequest";

const N = COUNT_PATTERN;
const UNIT =
  "(?:\\s*(?:more\\s+|extra\\s+|additional\\s+)?(?:replicas?|pods?|instances?|copies|copy)\\b)?";

/**
 * "scale cart in shop to 3", "scale up cart by 2", "scale it down by one",
 * "add 2 replicas to cart", "set cart's replicas to 3", "scale dashboards to zero";
 * "把 cart 扩容到 3 个副本", "cart 增加两个副本", "缩容到 1", "副本数改为 3".
 */
export function matchScale(t: ActionText): ActionMatch | undefined {
  const replicas = t.zh ? zhReplicas(t.raw) : enReplicas(t.body);
  if (replicas === undefined) return undefined;
  return { verb: "scale", replicas, kind: undefined };
}

function enReplicas(body: string): ReplicaChange | undefined {
  const scaleVerb = /^(?:scale|resize)\b/.test(body);
  const setVerb =
    /^(?:set|change|update|increase|decrease|raise|lower|bump|reduce|adjust|give|run)\b/.test(
      body,
    ) && /\b(?:replicas?|instances?|replica count)\b/.test(body);
  const addRemove = new RegExp(`^(?:add|remove|drop)\\s+(${N}|a|an|one more)${UNIT}`).exec(body);
  if (addRemove?.[1] !== undefined && /\b(?:replicas?|pods?|instances?|copies)\b/.test(body)) {
    const n = parseCount(addRemove[1].replace(/ more$/, "")) ?? 1;
    return { by: body.startsWith("add") ? n : -n };
  }
  if (!scaleVerb && !setVerb) return undefined;
  const down = /\b(?:down|decrease|lower|reduce|fewer|less|shrink)\b/.test(body);
  const by = new RegExp(`\\bby\\s+(${N}|one|a|an)\\b`).exec(body)?.[1];
  if (by !== undefined) {
    const n = parseCount(by) ?? 1;
    return { by: down ? -n : n };
  }
  const to =
    new RegExp(`\\b(?:to|=|at)\\s+(${N})${UNIT}`).exec(body)?.[1] ??
    /(?:--)?replicas\s*[= ]\s*(\d+)/.exec(body)?.[1] ??
    new RegExp(`\\b(${N})\\s+(?:replicas?|instances?|pods?)\\b`).exec(body)?.[1];
  if (to !== undefined) {
    const n = parseCount(to);
    return n === undefined ? undefined : { to: n };
  }
  if (scaleVerb && /\b(?:up|out)\b/.test(body)) return { by: 1 };
  if (scaleVerb && /\b(?:down|in)\b/.test(body)) return { by: -1 };
  return undefined;
}

function zhReplicas(raw: string): ReplicaChange | undefined {
  const text = raw.replace(/\s+/g, " ");
  const scaleWord = /扩容|缩容|扩展|缩减|扩到|缩到|伸缩|扩缩|副本|实例数|实例个数|pod\s*数/i.test(
    text,
  );
  if (!scaleWord) return undefined;
  const to = new RegExp(
    `(?:扩容|缩容|扩展|缩减|扩|缩|调整|调|改|设置?|变|增加|减少)?\\s*(?:到|为|成|至)\\s*(${N})`,
  ).exec(text)?.[1];
  if (to !== undefined) {
    const n = parseCount(to);
    return n === undefined ? undefined : { to: n };
  }
  const up = new RegExp(`(?:扩容|增加|加|多加|扩展|再加|新增)\\s*(${N})\\s*(?:个|份)?`).exec(
    text,
  )?.[1];
  if (up !== undefined) return { by: parseCount(up) ?? 1 };
  const down = new RegExp(`(?:缩容|减少|减|少|缩减|去掉)\\s*(${N})\\s*(?:个|份)?`).exec(text)?.[1];
  if (down !== undefined) return { by: -(parseCount(down) ?? 1) };
  if (/扩容|扩展/.test(text)) return { by: 1 };
  if (/缩容|缩减/.test(text)) return { by: -1 };
  return undefined;
}
