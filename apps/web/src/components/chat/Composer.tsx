import { MAX_MESSAGE_CHARS, type ObjectRef } from "@kubemedic/protocol";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useClient, useConnection, useUi } from "../../app/clientContext";
import { resourceLabel } from "../../lib/format";
import { Icon } from "../common/Icon";
import { useT } from "../../i18n/i18n";

export const COMPOSER_ID = "composer";

/**
 * Moves focus to the message box (after a chip click, a navigation), with the
 * caret at the end or `select`ed. Waits a frame: a draft set just before has not
 * reached the textarea yet.
 */
export function focusComposer(select?: { start: number; end: number }): void {
  requestAnimationFrame(() => {
    const el = document.getElementById(COMPOSER_ID);
    if (!(el instanceof HTMLTextAreaElement)) return;
    el.focus();
    const end = el.value.length;
    el.setSelectionRange(Math.min(select?.start ?? end, end), Math.min(select?.end ?? end, end));
  });
}

/**
 * The message box. Enter sends, Shift+Enter adds a line, Esc stops the running
 * turn. The draft lives in the UI store (it survives a reload and switching
 * conversations); while offline a message still goes out, queued until the
 * connection is back.
 */
export function Composer({
  draftKey,
  running,
  onSend,
  onStop,
  placeholder,
  autoFocus = true,
}: {
  draftKey: string;
  running: boolean;
  onSend: (text: string, about: ObjectRef | undefined) => void;
  onStop: () => void;
  placeholder?: string;
  autoFocus?: boolean;
}) {
  const { ui } = useClient();
  const text = useUi((s) => s.drafts[draftKey] ?? "");
  const about = useUi((s) => s.about[draftKey]);
  const status = useConnection((s) => s.status);
  const ref = useRef<HTMLTextAreaElement>(null);
  const t = useT();

  useLayoutEffect(() => {
    const el = ref.current;
    if (el === null) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, 240)}px`;
  }, [text]);

  // Enter while a turn runs sends nothing: say why, until the turn ends or the text changes.
  const [waitHint, setWaitHint] = useState(false);
  useEffect(() => {
    if (!running) setWaitHint(false);
  }, [running]);

  const canSend = !running && text.trim() !== "" && text.length <= MAX_MESSAGE_CHARS;
  const send = () => {
    if (!canSend) return;
    onSend(text.trim(), about);
    ui.setDraft(draftKey, "");
    ui.setAbout(draftKey, null);
    // Sent with the button: focus would stay on it (and be lost once it is disabled).
    ref.current?.focus();
  };

  return (
    <div className="composer-wrap">
      <p className="composer-hint" role="status" data-testid="composer-hint">
        {waitHint && t.composer.waitHint}
      </p>
      <form
        className="composer"
        data-focus-ring=""
        onSubmit={(e) => {
          e.preventDefault();
          if (running) onStop();
          else send();
        }}
      >
        <label htmlFor={COMPOSER_ID} className="sr-only">
          {t.composer.message}
        </label>
        <textarea
          id={COMPOSER_ID}
          ref={ref}
          rows={1}
          value={text}
          placeholder={placeholder ?? t.composer.placeholder}
          autoFocus={autoFocus}
          maxLength={MAX_MESSAGE_CHARS + 1000}
          data-testid="composer"
          onChange={(e) => {
            setWaitHint(false);
            ui.setDraft(draftKey, e.target.value);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              if (running && text.trim() !== "") setWaitHint(true);
              send();
            } else if (e.key === "Escape" && running) {
              e.preventDefault();
              onStop();
            }
          }}
        />
        <div className="composer-bar">
          {about !== undefined && (
            <span className="about-chip" title={t.composer.aboutTitle}>
              {t.composer.about(resourceLabel(about))}
              <button
                type="button"
                className="icon-btn"
                style={{ width: 18, height: 18 }}
                aria-label={t.composer.removeAbout}
                onClick={() => ui.setAbout(draftKey, null)}
              >
                <Icon name="x" />
              </button>
            </span>
          )}
          <span className="hide-narrow">
            {running ? (
              <>
                <kbd>Esc</kbd>
                {t.composer.toStop}
              </>
            ) : status === "open" ? (
              <>
                <kbd>Enter</kbd>
                {t.composer.toSend}
                <kbd>Shift</kbd>+<kbd>Enter</kbd>
                {t.composer.newLine}
              </>
            ) : (
              t.composer.offline
            )}
          </span>
          <span className="spacer" />
          {text.length > MAX_MESSAGE_CHARS * 0.9 && (
            <span className={text.length > MAX_MESSAGE_CHARS ? "status-err" : ""}>
              {text.length}/{MAX_MESSAGE_CHARS}
            </span>
          )}
          {running ? (
            <button
              type="submit"
              className="send-btn stop"
              aria-label={t.composer.stop}
              title={t.composer.stopTitle}
              data-testid="stop"
            >
              <Icon name="stop" />
            </button>
          ) : (
            <button
              type="submit"
              className="send-btn"
              aria-label={t.composer.send}
              title={t.composer.sendTitle}
              disabled={!canSend}
              data-testid="send"
            >
              <Icon name="send" />
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
