import type { EnvChange } from "./ActionRequest";
import type { ActionMatch, ActionText } from "./ActionText";

const ENV_NAME = "[A-Za-z_][A-Za-z0-9_]*";
const VALUE = `("[^"]*"|'[^']*'|[^\\s"'，。]+)`;
const ENV_WORD = /\b(?:env(?:ironment)?(?:\s+var(?:iable)?s?)?|vars?|variables?)\b|环境变量|变量/i;

/**
 * "set LOG_LEVEL=debug on api in shop", "add FEATURE_X=true to cart",
 * "set the env var LOG_LEVEL to debug on checkout", "remove the LOG_LEVEL
 * environment variable from checkout", "unset DEBUG on api";
 * "给 shop 里的 checkout 设置环境变量 LOG_LEVEL=debug", "删除 checkout 的环境变量 LOG_LEVEL".
 */
export function matchEnv(t: ActionText): ActionMatch | undefined {
  const removal = t.zh
    ? /删除|删掉|去掉|移除|取消|清除|拿掉/.test(t.raw)
    : /^(?:remove|unset|delete|drop|clear|strip|take out|get rid of)\b/.test(t.body);
  if (removal) {
    const names = removedNames(t.raw);
    if (names.length === 0) return undefined;
    return {
      verb: "unset-env",
      env: names.map((name) => ({ name })),
      exclude: names.map((n) => n.toLowerCase()),
    };
  }
  const setVerb = t.zh
    ? /设置|设为|设成|改为|改成|加上|添加|增加|配置|=/.test(t.raw)
    : /^(?:set|add|put|update|change|export|configure|define|inject|give|pass|make)\b/.test(t.body);
  if (!setVerb) return undefined;
  const env: EnvChange[] = [];
  for (const m of t.raw.matchAll(new RegExp(`(?:^|[\\s,，:：])(${ENV_NAME})=${VALUE}`, "g"))) {
    // `replicas=3` is not a variable: env names are upper-case by convention, unless the text says "env".
    if (m[1] === undefined || m[2] === undefined) continue;
    if (/[A-Z_]/.test(m[1]) || ENV_WORD.test(t.raw)) env.push({ name: m[1], value: unquote(m[2]) });
  }
  if (env.length === 0 && ENV_WORD.test(t.raw)) {
    const named =
      new RegExp(
        `(?:env(?:ironment)?(?:\\s+var(?:iable)?)?|var(?:iable)?|环境变量|变量)\\s+(${ENV_NAME})\\s*(?:to|=|as|设为|设置为|设成|改为|改成|为)\\s*${VALUE}`,
        "i",
      ).exec(t.raw) ??
      new RegExp(
        `\\b(${ENV_NAME})\\s+(?:env(?:ironment)?\\s+var(?:iable)?\\s+)?(?:to|=|设为|设置为|改为|改成|为)\\s*${VALUE}`,
      ).exec(t.raw);
    if (named?.[1] !== undefined && named[2] !== undefined && /[A-Z_]/.test(named[1]))
      env.push({ name: named[1], value: unquote(named[2]) });
  }
  if (env.length === 0) return undefined;
  return {
    verb: "set-env",
    env,
    exclude: env.flatMap((e) => [e.name.toLowerCase(), (e.value ?? "").toLowerCase()]),
  };
}

/** Upper-case identifiers (`LOG_LEVEL`, `DEBUG`), or kubectl's `NAME-`, or the word after "variable". */
function removedNames(raw: string): string[] {
  const out = new Set<string>();
  for (const m of raw.matchAll(/(?:^|[\s,，])([A-Z_][A-Z0-9_]*[A-Z0-9_])-?(?=$|[\s,，。.!?？])/g)) {
    if (m[1] !== undefined && (m[1].includes("_") || m[1].length > 2)) out.add(m[1]);
  }
  const named = new RegExp(`(?:variable|var|env|环境变量|变量)\\s+(${ENV_NAME})`, "i").exec(
    raw,
  )?.[1];
  if (named !== undefined && out.size === 0) out.add(named);
  return [...out];
}

function unquote(v: string): string {
  return /^(["']).*\1$/.test(v) ? v.slice(1, -1) : v.replace(/[.,;!?]+$/, "");
}
