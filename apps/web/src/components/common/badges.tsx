import type { Risk, Severity, ToolClassification } from "@kubemedic/protocol";

/** Colour follows meaning everywhere: red is broken or destructive, amber is caution, blue is information. */
const SEVERITY_CLASS: Record<Severity, string> = {
  critical: "badge badge-critical",
  high: "badge badge-err",
  medium: "badge badge-warn",
  low: "badge badge-accent",
  info: "badge",
};

export function SeverityBadge({ severity }: { severity: Severity | "cluster-wide" | "unranked" }) {
  const className =
    severity === "unranked" || severity === "cluster-wide" ? "badge" : SEVERITY_CLASS[severity];
  return <span className={className}>{severity}</span>;
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
