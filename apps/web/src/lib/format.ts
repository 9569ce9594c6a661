import type { ObjectRef } from "@kubemedic/protocol";
import { currentLocale } from "../i18n/i18n";

/** Units of a duration as each UI language writes them. */
const UNITS = {
  en: { ms: "ms", s: "s", min: "min", sep: " " },
  "zh-CN": { ms: "毫秒", s: "秒", min: "分", sep: " " },
} as const;

/** Short human forms for durations and times, as the cards show them, in the UI's language. */
export function formatDuration(
  ms: number | null | undefined,
  locale: keyof typeof UNITS = currentLocale(),
): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return "";
  const u = UNITS[locale];
  const n = (value: number, digits = 0) =>
    value.toLocaleString(locale, { maximumFractionDigits: digits, minimumFractionDigits: digits });
  if (ms < 1000) return `${n(Math.round(ms))}${u.sep}${u.ms}`;
  if (ms < 60_000) return `${n(ms / 1000, ms < 10_000 ? 1 : 0)}${u.sep}${u.s}`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds === 0
    ? `${n(minutes)}${u.sep}${u.min}`
    : `${n(minutes)}${u.sep}${u.min} ${n(seconds)}${u.sep}${u.s}`;
}

/** A count with the UI language's grouping (12,345). */
export function formatNumber(value: number, locale: string = currentLocale()): string {
  return value.toLocaleString(locale);
}

export function formatTime(
  iso: string | null | undefined,
  locale: string = currentLocale(),
): string {
  if (iso === null || iso === undefined) return "";
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  return new Date(time).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
}

export function formatDateTime(
  iso: string | null | undefined,
  locale: string = currentLocale(),
): string {
  if (iso === null || iso === undefined) return "";
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  return new Date(time).toLocaleString(locale, {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}

/** `Kind/namespace/name`, or `Kind/name` for cluster-scoped objects. */
export function resourceLabel(r: ObjectRef): string {
  return r.namespace === undefined || r.namespace === ""
    ? `${r.kind}/${r.name}`
    : `${r.kind}/${r.namespace}/${r.name}`;
}
