import { readJson, writeJson, type KeyValueStorage } from "../ui/safeStorage";

/** The UI's languages. The agent's own words are not translated here: it answers in the user's. */
export type Locale = "en" | "zh-CN";

/** Each language as it names itself, for the switch. */
export const LOCALES: readonly { id: Locale; label: string }[] = [
  { id: "en", label: "English" },
  { id: "zh-CN", label: "中文" },
];

const LOCALE_STORAGE_KEY = "kubemedic.locale";

function isLocale(value: unknown): Locale | undefined {
  return value === "en" || value === "zh-CN" ? value : undefined;
}

/** A browser language tag as one of ours: any Chinese (`zh`, `zh-TW`, `zh-Hans-CN`) → zh-CN. */
function localeOf(tag: string | undefined): Locale | undefined {
  if (tag === undefined) return undefined;
  const lower = tag.toLowerCase();
  if (lower === "zh" || lower.startsWith("zh-")) return "zh-CN";
  if (lower === "en" || lower.startsWith("en-")) return "en";
  return undefined;
}

/**
 * The user's choice if they made one (stored), else the first of the browser's languages we
 * have (`navigator.languages`, in the user's order), else English.
 */
export function initialLocale(
  storage: KeyValueStorage | null,
  languages: readonly string[],
): Locale {
  const chosen = readJson<Locale | undefined>(storage, LOCALE_STORAGE_KEY, isLocale, undefined);
  if (chosen !== undefined) return chosen;
  for (const tag of languages) {
    const locale = localeOf(tag);
    if (locale !== undefined) return locale;
  }
  return "en";
}

export function saveLocale(storage: KeyValueStorage | null, locale: Locale): void {
  writeJson(storage, LOCALE_STORAGE_KEY, locale);
}
