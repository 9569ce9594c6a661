import type { Risk, ToolClassification } from "@kubemedic/protocol";
import type { FindingRank } from "../../lib/scanGroups";
import { useT } from "../../i18n/i18n";

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
  const t = useT();
  return <span className={SEVERITY_CLASS[severity]}>{t.badges.severity[severity]}</span>;
}

const RISK_CLASS: Record<Risk, string> = {
  "read-only": "badge badge-ok",
  low: "badge badge-accent",
  medium: "badge badge-warn",
  high: "badge badge-err",
};

export function RiskBadge({ risk }: { risk: Risk }) {
  const t = useT();
  return <span className={RISK_CLASS[risk]}>{t.badges.risk[risk]}</span>;
}

const CLASSIFICATION_CLASS: Record<ToolClassification, string> = {
  read: "badge",
  mutating: "badge badge-mut",
  refused: "badge badge-err",
};

export function ClassificationBadge({ classification }: { classification: ToolClassification }) {
  const t = useT();
  return (
    <span className={CLASSIFICATION_CLASS[classification]}>
      {t.badges.classification[classification]}
    </span>
  );
}
