import { memo } from "react";
import type { PlanItem, ToolItem } from "../../stream/streamTypes";
import { Icon } from "../common/Icon";
import { ToolCard, toolOpenByDefault } from "./ToolCard";
import { useT } from "../../i18n/i18n";
import { stepNumbers } from "./stepNumbers";

/**
 * The live plan of a complex question: why it was planned, each step with its
 * specialist, scope and status, and (expanded) the tool calls the step made.
 * A step that waits for others says which ("after 1, 2"); the others run
 * together, as soon as the plan starts. Tool calls not yet claimed by a
 * finished step show under "in progress".
 */
export const PlanCard = memo(function PlanCard({
  item,
  tools,
  expanded,
  onToggle,
}: {
  item: PlanItem;
  tools: readonly ToolItem[];
  /** Open state of steps and tool cards, by key (UI state, kept outside). */
  expanded: (key: string) => boolean | undefined;
  onToggle: (key: string, defaultOpen: boolean) => void;
}) {
  const t = useT();
  const { plan } = item;
  const steps = plan.plan?.steps ?? [];
  const claimed = new Set(steps.flatMap((s) => s.toolCallIds ?? []));
  const loose = tools.filter((t) => !claimed.has(t.toolCallId));
  const byId = new Map(tools.map((t) => [t.toolCallId, t]));
  const done = steps.filter((s) => s.status === "done").length;
  return (
    <section className="card plan-card indent" data-testid="plan-card" aria-label={t.plan.label}>
      <div className="card-head">
        <span className="report-title">
          <Icon name="shield" />
          {t.plan.plan}
          {plan.plan !== null && plan.plan.version > 1
            ? t.plan.revision(plan.plan.version - 1)
            : ""}
        </span>
        <span className="badge" data-testid="plan-progress">
          {plan.plan === null ? t.plan.planning : t.plan.progress(done, steps.length)}
        </span>
      </div>
      <div className="card-body">
        <p className="plan-reason" data-testid="plan-reason">
          {plan.plan?.reason ?? plan.reason}
        </p>
        <ol className="plan-steps">
          {steps.map((s, i) => {
            const key = `${item.key}:${s.id}`;
            const after = stepNumbers(steps, s.dependsOn);
            const open = expanded(key) ?? false;
            const calls = (s.toolCallIds ?? []).flatMap((id) => byId.get(id) ?? []);
            return (
              <li
                key={s.id}
                className="plan-step"
                data-testid="plan-step"
                data-status={s.status}
                data-specialist={s.specialist}
                data-depends-on={after.join(",")}
              >
                <button
                  type="button"
                  className="plan-step-head"
                  aria-expanded={open}
                  onClick={() => onToggle(key, false)}
                >
                  <Icon name="chevron" className={`icon chev ${open ? "open" : ""}`} />
                  <span className="plan-number">{i + 1}.</span>
                  <span className={`badge plan-status plan-${s.status}`}>
                    {t.plan.status[s.status]}
                  </span>
                  <span className="badge">{s.specialist}</span>
                  <span className="plan-goal">{s.goal}</span>
                  {after.length > 0 && (
                    <span className="plan-after" data-testid="plan-after">
                      {t.plan.after(after)}
                    </span>
                  )}
                </button>
                {s.result !== undefined && <p className="plan-result">{s.result}</p>}
                {open &&
                  calls.map((t) => (
                    <ToolCard
                      key={t.key}
                      item={t}
                      open={expanded(t.key) ?? toolOpenByDefault(t)}
                      onToggle={onToggle}
                    />
                  ))}
              </li>
            );
          })}
        </ol>
        {loose.length > 0 && (
          <div className="plan-loose">
            <div className="section-label">{t.plan.inProgress}</div>
            {loose.map((t) => (
              <ToolCard
                key={t.key}
                item={t}
                open={expanded(t.key) ?? toolOpenByDefault(t)}
                onToggle={onToggle}
              />
            ))}
          </div>
        )}
      </div>
    </section>
  );
});
