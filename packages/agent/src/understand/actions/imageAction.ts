import type { ImageChange } from "./ActionRequest";
import type { ActionMatch, ActionText } from "./ActionText";

/** `ghcr.io/acme/api:v2`, `nginx:1.27`, `repo/app@sha256:…`: has a `/`, `:` or `@`. */
const IMAGE = /^[a-z0-9][a-z0-9._\-/]*(?::[\w.-]+)?(?:@sha256:[a-f0-9]{16,})?$/i;
/** `v2.3.1`, `1.27`, `2024-05-01`, `v3-rc1`: a tag, the repository kept. */
const VERSION = /^v?\d+(?:[.\-_]\w+)*$/i;

/**
 * "change payments-api's image tag to v2.3.1", "set the image of api to
 * ghcr.io/acme/api:v2", "update cart to v1.9.0", "use nginx:1.27 for web";
 * "把 payments-api 的镜像标签改成 v2.3.1", "把 cart 升级到 v1.9.0".
 */
export function matchImage(t: ActionText): ActionMatch | undefined {
  const value = t.zh ? zhValue(t.raw) : enValue(t.raw, t.body);
  if (value === undefined) return undefined;
  const container = /\bcontainer\s+([a-z0-9][-a-z0-9]*)/i.exec(t.raw)?.[1]?.toLowerCase();
  const tagWord = /\btag\b|标签/i.test(t.raw);
  const image: ImageChange =
    !tagWord && /[/:@]/.test(value)
      ? { image: value }
      : tagWord || VERSION.test(value)
        ? { tag: value.replace(/^.*:/, "") }
        : { image: value };
  return {
    verb: "set-image",
    image: { ...image, ...(container === undefined ? {} : { container }) },
    exclude: [value.toLowerCase(), ...(container === undefined ? [] : [container])],
  };
}

function enValue(raw: string, body: string): string | undefined {
  const verb =
    /^(?:set|change|update|switch|bump|upgrade|downgrade|move|roll\s*out|deploy|use|pin|point|replace|swap)\b/.test(
      body,
    );
  if (!verb) return undefined;
  const imageWord = /\b(?:image|tag|version)\b/.test(body);
  // The value after "to"/"=" (or "use X for"), case kept.
  const after =
    /\b(?:to|=|as|with)\s+["'`]?([^\s"'`]+?)["'`]?(?:\s|$|[,.;!?](?:\s|$))/i.exec(
      raw.slice(raw.search(/\b(?:image|tag|version)\b/i) + 1 || 0),
    )?.[1] ??
    /^(?:use|pin)\s+["'`]?([^\s"'`]+)/i.exec(raw.replace(/^.*?\b(use|pin)\b/i, "$1"))?.[1];
  if (after === undefined) return undefined;
  const value = after.replace(/[.,;!?]+$/, "");
  if (imageWord) return IMAGE.test(value) ? value : undefined;
  // Without the word "image": only a value that is unmistakably an image or a version.
  return VERSION.test(value) || (/[/:@]/.test(value) && IMAGE.test(value)) ? value : undefined;
}

function zhValue(raw: string): string | undefined {
  const imageWord = /镜像|标签|tag|image|版本/i.test(raw);
  const m =
    /(?:改成|改为|换成|换为|更新为|更新到|升级到|升级为|降级到|降级为|设为|设置为|设成|改到|切换到|切换为|切到|替换为|替换成|用|使用)\s*["'`]?([A-Za-z0-9][^\s"'`，。！？]*)/.exec(
      raw,
    )?.[1];
  if (m === undefined) return undefined;
  if (!imageWord && !/升级|降级/.test(raw)) return undefined;
  return IMAGE.test(m) || VERSION.test(m) ? m : undefined;
}
