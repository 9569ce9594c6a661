import type { ToolStatus } from "@kubemedic/protocol";
import { Icon } from "../common/Icon";

type Status = ToolStatus | "running";

export function toolStatusText(status: Status): string {
  switch (status) {
    case "running":
      return "running";
    case "ok":
      return "succeeded";
    case "error":
      return "failed";
    case "refused":
      return "refused by policy";
    case "rejected":
      return "rejected at approval";
    case "suggested":
      return "suggested, not run";
    case "timeout":
      return "timed out";
    case "cancelled":
      return "cancelled";
    case "unknown":
      return "ran, result unknown";
  }
}

export function ToolStatusIcon({ status }: { status: Status }) {
  switch (status) {
    case "running":
      return <span className="spinner" role="img" aria-label="running" />;
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
