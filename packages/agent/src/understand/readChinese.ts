import { canonicalKind } from "@kubemedic/kube";
import {
  NAMESPACE_WORD,
  ZH_ACTION,
  ZH_CLUSTER,
  ZH_DESCRIBE,
  ZH_DIAGNOSE,
  ZH_EVENTS,
  ZH_GREETING,
  ZH_KINDS,
  ZH_LIST,
  ZH_LOGS,
  ZH_NAMESPACE,
  ZH_PREVIOUS,
  ZH_PRONOUN,
  ZH_THIS_NAMESPACE,
  ZH_WARNING,
} from "./zhLexicon";
import { zhFollowUp } from "./zhFollowUp";

const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;
/** A request to be shown a log ("看一下日志", "给我 x 的日志"), not a mention of one. */
const ZH_SHOW_LOGS = /(?:看|查看|显示|给我|打印|输出|拉|获取|列出)[^,?!]{0,16}日志/;
const TOKEN = /[A-Za-z0-9][-A-Za-z0-9._/]*/g;

/** Latin words in a Chinese question that are not object names. */
const NOT_NAMES = new Set(
  `a an the is are in of on at to it its my and or ok please kubectl k8s kubernetes pending running error
   errors failed failing crash crashing crashloop crashloopbackoff oom oomkilled imagepullbackoff
   errimagepull evicted notready ready completed warning warnings events event logs log describe bug`.split(
    /\s+/,
  ),
);

/** What a Chinese question says, read from its words. */
interface Reading {
  /** Named explicitly ("default 命名空间", "namespace default"). */
  namespace?: string;
  /** A place the question is about ("shop 里的…", "在 shop 中"): a namespace if the cluster has it. */
  place?: string;
  cluster: boolean;
  /** The kind asked about, as the English plural the intent parser reads. */
  kind?: string;
  names: string[];
  pronoun: boolean;
}

/**
 * A Chinese question, said the way the English intent parser understands it:
 * "检查 default 命名空间下的 pod" → "check the pods in the default namespace",
 * "shop 里的 checkout 为什么一直重启？" → "why is checkout failing in shop?".
 * The parser then scopes it exactly as it scopes English (namespaces named
 * explicitly are trusted, places are checked against the cluster).
 * Undefined for text without Chinese, and for a plain-language action
 * ("重启 checkout"), which the action module reads from the original text.
 */
export function readChinese(raw: string): string | undefined {
  if (!HAN.test(raw)) return undefined;
  const text = halfWidth(raw).trim();
  const r = readWords(text);
  const where = scopeWords(r);

  const followUp = zhFollowUp(text, where);
  if (followUp !== undefined) return followUp;
  if (
    ZH_GREETING.test(text) &&
    r.names.length === 0 &&
    r.kind === undefined &&
    !ZH_DIAGNOSE.test(text)
  )
    return "hello, what can you do?";

  const question = /为什么|为何|怎么回事|怎么了|什么问题|有没有|是否|吗|呢|\?/.test(text);
  if (!question && ZH_ACTION.test(text)) return undefined;

  const subject = subjectWords(r);
  // "为什么 x 一直重启？日志里没有报错" asks why and only reports what the log says: a why
  // question is a diagnosis unless it also asks to be shown the log.
  const why = /为什么|为何|怎么回事|怎么了/.test(text);
  if (ZH_LOGS.test(text) && (!why || ZH_SHOW_LOGS.test(text))) {
    const previous = ZH_PREVIOUS.test(text) ? "previous " : "";
    if (subject === undefined) return r.pronoun ? `show me its ${previous}logs` : undefined;
    return `show the ${previous}logs of ${subject}${where}`;
  }
  if (ZH_EVENTS.test(text)) {
    const warning = ZH_WARNING.test(text) ? "warning " : "";
    return `show the ${warning}events${where || (subject === undefined ? "" : ` of ${subject}`)}`;
  }
  if (ZH_DESCRIBE.test(text) && (subject !== undefined || r.pronoun)) {
    return subject === undefined ? "describe it" : `describe ${subject}${where}`;
  }
  const diagnose = ZH_DIAGNOSE.test(text);
  const listing = r.kind !== undefined && (ZH_LIST.test(text) || !diagnose);
  if (listing && r.names.length === 0) {
    // "default 命名空间有哪些 pod", "列出所有节点": a listing, every namespace when asked.
    return `list ${r.kind}${r.cluster ? " -A" : where}`;
  }
  const lone = r.names.length === 1 ? r.names[0] : undefined;
  if (listing && !diagnose && lone !== undefined && where === "") {
    // "shop 有哪些服务": the one name is where to look.
    return `list ${r.kind} in ${lone}`;
  }
  if (diagnose || r.names.length > 0 || r.namespace !== undefined || r.place !== undefined) {
    if (/检查|查看|看看|看一下/.test(text) && subject === undefined && r.kind !== undefined)
      return `check the ${r.kind}${where}`;
    // A lone name may be a namespace ("payments 出了什么问题？"): offered as a place too,
    // which the cluster confirms or not, as for "in payments".
    if (subject !== undefined && where === "" && lone !== undefined && subject === lone)
      return `why is ${subject} failing in ${lone}?`;
    if (subject !== undefined) return `why is ${subject} failing${where}?`;
    if (r.pronoun) return `why is it failing${where}?`;
    return `what is wrong${where || " in this namespace"}?`;
  }
  return undefined;
}

function scopeWords(r: Reading): string {
  if (r.namespace !== undefined) return ` in the ${r.namespace} namespace`;
  if (r.place !== undefined) return ` in ${r.place}`;
  if (r.cluster) return " in the whole cluster";
  return "";
}

/** "deployment checkout", "checkout", or nothing. */
function subjectWords(r: Reading): string | undefined {
  const name = r.names[0];
  if (name === undefined) return undefined;
  const kind = r.kind === undefined ? undefined : canonicalKind(r.kind);
  // Pods have generated names: "checkout 的 pod" is about checkout's pods, found by the name.
  return kind === undefined || kind === "Event" || kind === "Pod"
    ? name
    : `${kind.toLowerCase()} ${name}`;
}

function readWords(text: string): Reading {
  const reading: Reading = { cluster: false, names: [], pronoun: ZH_PRONOUN.test(text) };
  // "这个命名空间" is the picker's, not a name; "集群" alone is the whole cluster.
  const plain = text.replace(ZH_THIS_NAMESPACE, " ");
  reading.cluster = ZH_CLUSTER.test(plain);
  for (const [word, kind] of ZH_KINDS) {
    if (word.test(plain)) {
      reading.kind = kind;
      break;
    }
  }
  const tokens = [...plain.matchAll(TOKEN)];
  tokens.forEach((m, i) => {
    const word = (m[0] ?? "").replace(/[._/]+$/, "");
    const lower = word.toLowerCase();
    const before = plain.slice(0, m.index).replace(/\s+$/, "");
    const after = plain.slice((m.index ?? 0) + (m[0] ?? "").length).replace(/^\s+/, "");
    if (NAMESPACE_WORD.test(lower) || NOT_NAMES.has(lower)) return;
    const kind = canonicalKind(lower);
    if (kind !== undefined && !/\d/.test(lower)) {
      if (kind !== "Namespace" && kind !== "Event") reading.kind ??= plural(kind);
      return;
    }
    if (
      ZH_NAMESPACE.test(after.slice(0, 4)) ||
      /^(?:namespace|ns)\b/i.test(after) ||
      /(?:命名空间|名字空间|名称空间|名空间|namespace|\bns)[:：]?$/i.test(before)
    ) {
      reading.namespace ??= lower;
      return;
    }
    const laterName = tokens
      .slice(i + 1)
      .some((t) => !NOT_NAMES.has((t[0] ?? "").toLowerCase()) && !canonicalKind(t[0] ?? ""));
    if (
      /^(?:里|中|内|下(?!午)|当中)/.test(after) ||
      /在$/.test(before) ||
      // Mixed text keeps English prepositions: "ledger-migrate in finance 失败了".
      /\b(?:in|from)$/i.test(before) ||
      (/^的/.test(after) && laterName && !ZH_LOGS.test(after.slice(0, 4)))
    ) {
      if (reading.place === undefined) {
        reading.place = lower;
        return;
      }
    }
    if (!reading.names.includes(lower)) reading.names.push(lower);
  });
  return reading;
}

/** The plural the intent parser reads for a canonical kind ("Pod" → "pods"). */
function plural(kind: string): string {
  if (kind === "HorizontalPodAutoscaler") return "hpa";
  const k = kind.toLowerCase();
  return k.endsWith("s") ? `${k}es` : k.endsWith("y") ? `${k.slice(0, -1)}ies` : `${k}s`;
}

/** Full-width letters, digits and punctuation as their ASCII forms. */
function halfWidth(text: string): string {
  return text
    .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, " ")
    .replace(/[。、]/g, " ");
}
