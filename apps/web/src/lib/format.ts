import type { ObjectRef } from "@kubemedic/protocol";

/** Short human forms for durations and times, as the cards show them. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return "";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}

export function formatTime(iso: string | null | undefined): string {
  if (iso === null || iso === undefined) return "";
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  return new Date(time).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

export function formatDateTime(iso: string | null | undefined): string {
  if (iso === null || iso === undefined) return "";
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  return new Date(time).toLocaleString([], {
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
