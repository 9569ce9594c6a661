import { canonicalKind } from "@kubemedic/kube";
import type { ActionTarget } from "./ActionRequest";

/**
 * The object an action is about, read from the text: its name (the first
 * word that can name an object and is not part of the request itself), a
 * kind word, a namespace, and whether it is "it"/"that"/"它" or "the other
 * one". English and Chinese alike: object names are ASCII in both.
 *
 * `exclude` holds words the action's own parser consumed (an env var name,
 * a value), lower-cased.
 */
export function targetIn(text: string, exclude: ReadonlySet<string> = new Set()): ActionTarget {
  const namespace = namespaceIn(text);
  const slash = /\b([a-z]+)\/([a-z0-9][-a-z0-9.]*)/i.exec(text);
  const slashKind = slash?.[1] === undefined ? undefined : canonicalKind(slash[1]);
  const kind = slashKind ?? kindIn(text);
  let name = slashKind !== undefined ? slash?.[2]?.toLowerCase() : undefined;
  if (name === undefined) {
    for (const m of text.matchAll(NAME_TOKEN)) {
      const word = m[0].replace(/[.-]+$/, "");
      const lower = word.toLowerCase();
      if (!couldName(word) || exclude.has(lower) || lower === namespace) continue;
      if (/^-/.test(text.slice(Math.max(0, (m.index ?? 0) - 1), m.index))) continue; // a flag
      name = lower;
      break;
    }
  }
  return {
    ...(name === undefined ? {} : { name }),
    ...(kind === undefined ? {} : { kind }),
    ...(namespace === undefined ? {} : { namespace }),
    pronoun: PRONOUN.test(text),
    other: OTHER.test(text),
  };
}

const NAME_TOKEN = /[A-Za-z0-9][A-Za-z0-9._\-/:=@+]*/g;

const PRONOUN =
  /\b(?:it|its|it's|that|this|them|the one|that one|this one|same one|the same)\b|它|那个|这个|该(?:对象|服务|部署|节点)/i;
const OTHER = /\b(?:other|another)\b|另一个|另外一个|其他|其它/i;

/**
 * Words that never name the object in an action request: the verbs, fillers
 * and interjections ("fine, scale it back to 1"), units and nouns of the requests themselves. Kinds are recognised apart.
 */
const STOP = new Set(
  `a an the to of on in at by for from with into onto up down back again instead too also now then ok okay
   and or so please pls just can could would will you me us we i my our your it its this that these those them
   one ones same other another all its it's is are be been being was were do does did make room space sure
   restart restarts bounce reboot recycle redeploy rollout rolling roll rollback revert undo revision rev version previous last
   scale resize replica replicas instance instances copy copies more fewer less add remove set change update bump
   raise increase decrease lower reduce give limit limits request requests cpu memory mem ram
   image images tag tags use pin switch move deploy upgrade downgrade container env environment var variable variables
   unset delete drop clear kill evict terminate nuke cordon uncordon drain evacuate empty mark unschedulable schedulable
   scheduling schedule allow enable disable stop prevent block suspend resume pause unpause continue halt freeze unfreeze
   node nodes pod pods deployment deployments cronjob cronjobs job jobs statefulset daemonset namespace ns cluster
   let lets go ahead want like need try kindly turn off maybe right away asap quickly immediately value new old current
   fine alright yes yeah yep nope no well great good thanks hmm hey oh
   zero none two three four five six seven eight nine ten twelve twenty single couple`.split(/\s+/),
);

function couldName(word: string): boolean {
  const lower = word.toLowerCase();
  if (word.length < 2 || STOP.has(lower) || canonicalKind(lower) !== undefined) return false;
  // Values, flags, quantities, versions: `LOG_LEVEL=debug`, `ghcr.io/x:v1`, `512Mi`, `3`, `v2.3.1`.
  if (/[=:_/@+]/.test(word)) return false;
  if (/^\d+(\.\d+)?([a-z]{1,3})?$/i.test(word) || /^v\d/i.test(word)) return false;
  // Object names are lower-case DNS labels; an all-caps word is an env var name or an acronym.
  if (/^[A-Z0-9-]+$/.test(word) && /[A-Z]/.test(word)) return false;
  return /^[a-z0-9][-a-z0-9.]*$/i.test(word);
}

const ZH_KINDS: [RegExp, string][] = [
  [/节点/, "Node"],
  [/定时任务|计划任务|cron\s*job/i, "CronJob"],
  [/容器组|\bpods?\b/i, "Pod"],
  [/有状态集|statefulset/i, "StatefulSet"],
  [/守护进程集|daemonset/i, "DaemonSet"],
  [/部署|发布|上线|滚动更新|\brollout\b|\bdeployments?\b|\bdeploy\b/i, "Deployment"],
];

/** The first English kind word, else a Chinese one. `rollout` means a Deployment's. */
function kindIn(text: string): string | undefined {
  for (const m of text.matchAll(/[A-Za-z]+/g)) {
    const k = canonicalKind(m[0]);
    if (k !== undefined && k !== "Namespace" && k !== "Event" && m[0].toLowerCase() !== "no")
      return k;
  }
  for (const [re, kind] of ZH_KINDS) if (re.test(text)) return kind;
  return undefined;
}

const NS = "([a-z0-9][-a-z0-9]{0,62})";
const NAMESPACE_PATTERNS = [
  new RegExp(`(?:^|\\s)(?:-n|--namespace)(?:\\s+|=)${NS}`, "i"),
  new RegExp(`\\bnamespace\\s+${NS}`, "i"),
  new RegExp(`\\b${NS}\\s+namespace\\b`, "i"),
  new RegExp(`\\bin\\s+(?:the\\s+)?${NS}\\b`, "i"),
  // Chinese: "shop 里的 checkout", "shop 命名空间下的", "命名空间 shop", "在 shop 中".
  new RegExp(`${NS}\\s*(?:命名空间|名字空间|名称空间|空间)`, "i"),
  new RegExp(`(?:命名空间|名字空间)\\s*${NS}`, "i"),
  new RegExp(`${NS}\\s*(?:里面?|中|下)的?`, "i"),
];

function namespaceIn(text: string): string | undefined {
  for (const p of NAMESPACE_PATTERNS) {
    const m = p.exec(text);
    const ns = m?.[1]?.toLowerCase();
    if (m === null || ns === undefined || STOP.has(ns) || /^\d/.test(ns)) continue;
    // "in the checkout deployment" names the object, not a namespace.
    const next = /^\s*([A-Za-z]+)/.exec(text.slice(m.index + m[0].length))?.[1];
    const nextKind = next === undefined ? undefined : canonicalKind(next);
    if (nextKind !== undefined && nextKind !== "Namespace") continue;
    return ns;
  }
  return undefined;
}
