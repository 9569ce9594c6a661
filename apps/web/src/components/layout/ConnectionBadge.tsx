import { useEffect, useState } from "react";
import { useConnection } from "../../app/clientContext";
import type { ConnectionSnapshot } from "../../socket/ConnectionManager";

export function connectionLabel(s: Pick<ConnectionSnapshot, "status" | "everOpened">): string {
  switch (s.status) {
    case "open":
      return "Connected";
    case "connecting":
      return s.everOpened ? "Reconnecting…" : "Connecting…";
    case "waiting":
      return "Offline";
    case "unauthorized":
      return "Signed out";
    case "unsupported":
      return "Update needed";
    case "stopped":
      return "Closed";
  }
}

/** The socket's state in the header: a dot and a word. */
export function ConnectionBadge() {
  const status = useConnection((s) => s.status);
  const everOpened = useConnection((s) => s.everOpened);
  const dot = status === "open" ? "dot-ok" : status === "connecting" ? "dot-run" : "dot-err";
  return (
    <span
      className="conn"
      data-testid="connection-state"
      data-status={status}
      title={connectionLabel({ status, everOpened })}
    >
      <span className={`dot ${dot}`} aria-hidden="true" />
      <span className="conn-label">{connectionLabel({ status, everOpened })}</span>
    </span>
  );
}

/** Seconds until `at`, re-rendered each second while counting down. */
export function useCountdown(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
