import type { ToolStatus } from "@kubemedic/protocol";
import { Icon } from "../common/Icon";
import { useT } from "../../i18n/i18n";

type Status = ToolStatus | "running";

export function ToolStatusIcon({ status }: { status: Status }) {
  const t = useT();
  switch (status) {
    case "running":
      return <span className="spinner" role="img" aria-label={t.tool.status.running} />;
    case "ok":
      return <Icon name="check" className="status-icon status-ok" />;
    case "error":
    case "timeout":
      return <Icon name="x" className="status-icon status-err" />;
    case "refused":
    case "rejected":
      return <Icon name="ban" className="status-icon status-err" />;
    case "suggested":
    case "unknown":
      return <Icon name="clock" className="status-icon status-warn" />;
    case "cancelled":
      return <Icon name="ban" className="status-icon" />;
  }
}
