import { useEffect } from "react";
import { useClient, useNotices } from "../../app/clientContext";
import { Icon } from "../common/Icon";
import { useT } from "../../i18n/i18n";

/** Errors that belong to no card (a refused frame, a failed rename): shown for a while, dismissible. */
export function Notices() {
  const client = useClient();
  const notices = useNotices();
  const t = useT();
  useEffect(() => {
    if (notices.length === 0) return;
    const oldest = notices[0];
    const timer = setTimeout(() => oldest !== undefined && client.dismissNotice(oldest.id), 8_000);
    return () => clearTimeout(timer);
  }, [client, notices]);
  if (notices.length === 0) return null;
  return (
    <div className="notices" role="alert" data-testid="notices">
      {notices.map((n) => (
        <div className="notice" key={n.id}>
          <Icon name="alert" className="icon status-err" />
          <span style={{ flex: 1 }}>{n.text}</span>
          <button
            type="button"
            className="icon-btn"
            aria-label={t.notices.dismiss}
            onClick={() => client.dismissNotice(n.id)}
          >
            <Icon name="x" />
          </button>
        </div>
      ))}
    </div>
  );
}
