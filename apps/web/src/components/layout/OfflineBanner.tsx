import { useClient, useConnection } from "../../app/clientContext";
import { Icon } from "../common/Icon";
import { useCountdown } from "./ConnectionBadge";
import { useT } from "../../i18n/i18n";

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
  const t = useT();
  const seconds = useCountdown(status === "waiting" ? retryAt : null);

  if (status === "open" || status === "stopped" || status === "unauthorized") return null;
  if (!everOpened && attempt < 2) return null;
  if (status === "unsupported") {
    return (
      <div className="banner banner-error" role="alert" data-testid="offline-banner">
        <Icon name="alert" />
        {t.offline.outdated}
        <button type="button" className="btn btn-sm" onClick={() => location.reload()}>
          {t.offline.reload}
        </button>
      </div>
    );
  }
  return (
    <div className="banner banner-offline" role="status" data-testid="offline-banner">
      <Icon name="alert" />
      <span>
        {everOpened ? t.offline.lost : t.offline.unreachable}{" "}
        {status === "connecting"
          ? t.offline.reconnecting
          : seconds !== null
            ? t.offline.retryIn(seconds)
            : ""}
        {unacked > 0 && t.offline.queued(unacked)}
        {everOpened && t.offline.comesBack}
      </span>
      {status === "waiting" && (
        <button type="button" className="btn btn-sm" onClick={() => connection.retryNow()}>
          {t.offline.retryNow}
        </button>
      )}
    </div>
  );
}
