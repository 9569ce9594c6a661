import { useClient, useConnection } from "../../app/clientContext";
import { Icon } from "../common/Icon";
import { useCountdown } from "./ConnectionBadge";

/**
 * Says plainly when the live connection is gone and what happens next. Shown
 * only after a connection was lost (not during the very first connect), or when
 * the first attempts keep failing.
 */
export function OfflineBanner() {
  const { connection } = useClient();
  const status = useConnection((s) => s.status);
  const everOpened = useConnection((s) => s.everOpened);
  const attempt = useConnection((s) => s.attempt);
  const retryAt = useConnection((s) => s.retryAt);
  const unacked = useConnection((s) => s.unacked);
  const seconds = useCountdown(status === "waiting" ? retryAt : null);

  if (status === "open" || status === "stopped" || status === "unauthorized") return null;
  if (!everOpened && attempt < 2) return null;
  if (status === "unsupported") {
    return (
      <div className="banner banner-error" role="alert" data-testid="offline-banner">
        <Icon name="alert" />
        This page is older than the server. Reload to update.
        <button type="button" className="btn btn-sm" onClick={() => location.reload()}>
          Reload
        </button>
      </div>
    );
  }
  return (
    <div className="banner banner-offline" role="status" data-testid="offline-banner">
      <Icon name="alert" />
      <span>
        {everOpened ? "Connection to the server lost." : "Cannot reach the server."}{" "}
        {status === "connecting"
          ? "Reconnecting…"
          : seconds !== null
            ? `Retrying in ${seconds}s.`
            : ""}
        {unacked > 0 &&
          ` ${unacked} message${unacked === 1 ? "" : "s"} will be sent when it is back.`}
        {everOpened &&
          " Saved work comes back on reconnect. A running turn continues unless the server restarted (then it shows as interrupted)."}
      </span>
      {status === "waiting" && (
        <button type="button" className="btn btn-sm" onClick={() => connection.retryNow()}>
          Retry now
        </button>
      )}
    </div>
  );
}
