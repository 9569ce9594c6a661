import { Component, type ErrorInfo, type ReactNode } from "react";
import { useT } from "../i18n/i18n";

/**
 * Catches a render error in its subtree and offers a retry instead of a blank
 * screen. `resetKey` (e.g. the route) clears the error when the user goes elsewhere.
 */
export class ErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string; onRetry?: () => void },
  { error: Error | null; key: string | undefined }
> {
  override state: { error: Error | null; key: string | undefined } = {
    error: null,
    key: this.props.resetKey,
  };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(
    props: { resetKey?: string },
    state: { error: Error | null; key: string | undefined },
  ) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("kubemedic: a view crashed", error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <ErrorView
        message={error.message}
        onRetry={() => {
          this.props.onRetry?.();
          this.setState({ error: null });
        }}
      />
    );
  }
}

/** The boundary's face, a function component so it can read the language. */
function ErrorView({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="center" role="alert" data-testid="error-boundary">
      <div className="panel-box">
        <h2 style={{ marginTop: 0 }}>{t.errorView.title}</h2>
        <p className="muted">{message || t.errorView.unexpected}</p>
        <p className="small muted">{t.errorView.safe}</p>
        <div className="actions" style={{ justifyContent: "center" }}>
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            {t.errorView.tryAgain}
          </button>
          <button type="button" className="btn" onClick={() => location.reload()}>
            {t.errorView.reload}
          </button>
        </div>
      </div>
    </div>
  );
}
