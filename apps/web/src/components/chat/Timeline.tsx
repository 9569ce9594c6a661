import { useVirtualizer } from "@tanstack/react-virtual";
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { useUi } from "../../app/clientContext";
import { useConversationStream, useTimelineRows } from "../../stream/useStream";
import { turnGoingOn } from "../../stream/selectors";
import type { TimelineRow } from "../../stream/timelineRows";
import { Icon } from "../common/Icon";
import { TimelineRowView, type RowActions } from "./TimelineRowView";
import { useT } from "../../i18n/i18n";

/** A first guess of each row's height; real heights are measured as rows render. */
function estimate(row: TimelineRow | undefined): number {
  if (row === undefined) return 60;
  if (row.kind === "turn") return row.turn.status === "completed" ? 40 : 30;
  if (row.kind === "outbox") return 70;
  if (row.kind === "summary") return 44;
  switch (row.item.kind) {
    case "user":
      return 56;
    case "assistant":
      return 40 + Math.min(600, Math.ceil(row.item.text.length / 90) * 21);
    case "tool":
      return 46;
    case "approval":
      return 320;
    case "report":
      return 640;
    case "plan":
      return 220;
    case "verification":
      return 120;
    case "clarification":
      return 44;
  }
}

/**
 * The conversation, virtualized: only the rows in view (plus a margin) are in
 * the DOM, so a conversation of thousands of messages scrolls like a short one.
 * It sticks to the bottom while new output arrives, unless the user scrolled
 * up to read, in which case a "jump to latest" button appears.
 * `virtualize={false}` renders every row (the benchmark's baseline).
 */
export function Timeline({
  conversationId,
  actions,
  virtualize = true,
}: {
  conversationId: string;
  actions: RowActions;
  virtualize?: boolean;
}) {
  const rows = useTimelineRows(conversationId);
  const t = useT();
  const stream = useConversationStream(conversationId);
  const expanded = useUi((s) => s.expanded);
  const deciding = useUi((s) => s.deciding);
  const statusOf = useMemo(
    () => new Map((stream?.turns ?? []).map((t) => [t.id, t.status])),
    [stream?.turns],
  );
  // Only report rows take it, so other rows stay memoized when a turn starts or ends.
  const busy = turnGoingOn(stream);
  const scrollRef = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);
  const [showJump, setShowJump] = useState(false);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => estimate(rows[i]),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 6,
    paddingStart: 12,
    paddingEnd: 16,
    useFlushSync: false,
  });

  // The user sent a message (a new outbox row or echo): show it and follow the answer,
  // even if they had scrolled up to read (issue #15: it only showed "Jump to latest").
  const mine = lastOwnKey(rows);
  const seenMine = useRef(mine);
  useLayoutEffect(() => {
    if (seenMine.current === mine) return;
    seenMine.current = mine;
    stuck.current = true;
    setShowJump(false);
  }, [mine]);

  // After every render (new rows, measured heights): stay at the bottom if we were there.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el !== null && stuck.current) el.scrollTop = el.scrollHeight;
  });

  const onScroll = () => {
    const el = scrollRef.current;
    if (el === null) return;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 64;
    stuck.current = atBottom;
    if (showJump === atBottom) setShowJump(!atBottom);
  };

  const renderRow = (row: TimelineRow) => (
    <div className="row-inner">
      <TimelineRowView
        row={row}
        turnStatus={row.kind === "item" ? (statusOf.get(row.turnId) ?? null) : null}
        expanded={row.kind === "item" ? expanded[row.key] : undefined}
        expandedMap={row.kind === "item" && row.item.kind === "plan" ? expanded : undefined}
        deciding={row.kind === "item" && deciding[row.turnId] === true}
        busy={
          row.kind === "item" &&
          (row.item.kind === "report" || row.item.kind === "clarification") &&
          busy
        }
        actions={actions}
      />
    </div>
  );

  return (
    <div className="timeline-wrap">
      <div
        ref={scrollRef}
        className="timeline"
        onScroll={onScroll}
        role="region"
        aria-label={t.chat.timeline}
        data-testid="timeline"
        data-rows={rows.length}
        tabIndex={-1}
      >
        {virtualize ? (
          <div className="timeline-inner" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((v) => {
              const row = rows[v.index];
              if (row === undefined) return null;
              return (
                <div
                  key={v.key}
                  data-index={v.index}
                  ref={virtualizer.measureElement}
                  className="row"
                  style={{
                    position: "absolute",
                    top: 0,
                    left: 0,
                    transform: `translateY(${v.start}px)`,
                  }}
                >
                  {renderRow(row)}
                </div>
              );
            })}
          </div>
        ) : (
          <div className="timeline-inner">
            <div className="timeline-pad" />
            {rows.map((row) => (
              <div key={row.key} className="row">
                {renderRow(row)}
              </div>
            ))}
            <div className="timeline-pad" />
          </div>
        )}
      </div>
      {showJump && (
        // In the flow under the list, not floating over it: it never covers what is being read.
        <div className="jump-bar">
          <button
            type="button"
            className="btn btn-sm jump"
            data-testid="jump-to-latest"
            onClick={() => {
              stuck.current = true;
              setShowJump(false);
              const el = scrollRef.current;
              if (el !== null) el.scrollTop = el.scrollHeight;
            }}
          >
            <Icon name="down" />
            {t.chat.jump}
          </button>
        </div>
      )}
    </div>
  );
}

/** The key of the last row the user sent (queued or echoed), or null. */
function lastOwnKey(rows: readonly TimelineRow[]): string | null {
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i];
    if (row?.kind === "outbox" || (row?.kind === "item" && row.item.kind === "user"))
      return row.key;
  }
  return null;
}
