import { createStore } from "../lib/createStore";
import { useStore } from "../lib/useStore";
import type { KeyValueStorage } from "../ui/safeStorage";
import { initialLocale, saveLocale, type Locale } from "./locale";
import { en, type Messages } from "./messages.en";

interface I18nState {
  locale: Locale;
  messages: Messages;
}

/**
 * The UI's language: one small store (no i18n library: the catalogues are typed objects, so a
 * missing key is a type error, and the initial JS stays as it was). English is in the initial
 * bundle; Chinese is its own chunk, loaded before the first render when it is the language.
 */
export const i18n = createStore<I18nState>({ locale: "en", messages: en });

let storage: KeyValueStorage | null = null;

async function messagesFor(locale: Locale): Promise<Messages> {
  if (locale === "en") return en;
  return (await import("./messages.zh-CN")).zhCN;
}

/** Picks the language (stored choice, else the browser's) and loads it; resolves when ready. */
export async function startI18n(
  store: KeyValueStorage | null,
  languages: readonly string[] = navigator.languages,
): Promise<void> {
  storage = store;
  await apply(initialLocale(store, languages));
}

/** The switch: loads the language, shows it everywhere at once, and remembers it. */
export async function setLocale(locale: Locale): Promise<void> {
  saveLocale(storage, locale);
  await apply(locale);
}

async function apply(locale: Locale): Promise<void> {
  // A failed chunk load (offline) keeps the language shown; the next switch tries again.
  const messages = await messagesFor(locale).catch(() => undefined);
  if (messages === undefined) return;
  i18n.setState({ locale, messages });
  if (typeof document !== "undefined") document.documentElement.lang = locale;
}

/** The current catalogue; components re-render when the language changes. */
export function useT(): Messages {
  return useStore(i18n, (s) => s.messages);
}

export function useLocale(): Locale {
  return useStore(i18n, (s) => s.locale);
}

/** The language for `Intl` outside React (formatting helpers). */
export function currentLocale(): Locale {
  return i18n.getState().locale;
}
