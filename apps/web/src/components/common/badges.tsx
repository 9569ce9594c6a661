import type { Risk, ToolClassification } from "@kubemedic/protocol";
import type { FindingRank } from "../../lib/scanGroups";

/** Colour follows meaning everywhere: red is broken or destructive, amber is caution, blue is information. */
const SEVERITY_CLASS: Record<FindingRank, string> = {
  critical: "badge badge-critical",
  high: "badge badge-err",
  medium: "badge badge-warn",
  low: "badge badge-accent",
  info: "badge",
  "cluster-wide": "badge",
  unranked: "badge",
};

export function SeverityBadge({ severity }: { severity: FindingRank }) {
  return <span className={SEVERITY_CLASS[severity]}>{severity}</span>;
}

const RISK_CLASS: Record<Risk, string> = {
  "read-only": "badge badge-ok",
  low: "badge badge-accent",
  medium: "badge badge-warn",
  high: "badge badge-err",
};

export function RiskBadge({ risk }: { risk: Risk }) {
  return (
    <span className={RISK_CLASS[risk]}>{risk === "read-only" ? "read-only" : `${risk} risk`}</span>
  );
}

const CLASSIFICATION_CLASS: Record<ToolClassification, string> = {
  read: "badge",
  mutating: "badge badge-mut",
  refused: "badge badge-err",
};

export function ClassificationBadge({ classification }: { classification: ToolClassification }) {
  return <span className={CLASSIFICATION_CLASS[classification]}>{classification}</span>;
}
