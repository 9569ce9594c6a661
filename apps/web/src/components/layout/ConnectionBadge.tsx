import { useEffect, useState } from "react";
import { useConnection } from "../../app/clientContext";
import type { Messages } from "../../i18n/messages.en";
import type { ConnectionSnapshot } from "../../socket/ConnectionManager";
import { useT } from "../../i18n/i18n";

function connectionLabel(
  s: Pick<ConnectionSnapshot, "status" | "everOpened">,
  t: Messages["connection"],
): string {
  switch (s.status) {
    case "open":
      return t.open;
    case "connecting":
      return s.everOpened ? t.reconnecting : t.connecting;
    case "waiting":
      return t.waiting;
    case "unauthorized":
      return t.unauthorized;
    case "unsupported":
      return t.unsupported;
    case "stopped":
      return t.stopped;
  }
}

/** The socket's state in the header: a dot and a word. */
export function ConnectionBadge() {
  const status = useConnection((s) => s.status);
  const everOpened = useConnection((s) => s.everOpened);
  const t = useT();
  const label = connectionLabel({ status, everOpened }, t.connection);
  const dot = status === "open" ? "dot-ok" : status === "connecting" ? "dot-run" : "dot-err";
  return (
    <span className="conn" data-testid="connection-state" data-status={status} title={label}>
      <span className={`dot ${dot}`} aria-hidden="true" />
      <span className="conn-label">{label}</span>
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
