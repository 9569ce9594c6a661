import { Component, type ErrorInfo, type ReactNode } from "react";

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
      <div className="center" role="alert" data-testid="error-boundary">
        <div className="panel-box">
          <h2 style={{ marginTop: 0 }}>This view ran into a problem</h2>
          <p className="muted">{error.message || "An unexpected error occurred."}</p>
          <p className="small muted">Your conversations are safe on the server.</p>
          <div className="actions" style={{ justifyContent: "center" }}>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                this.props.onRetry?.();
                this.setState({ error: null });
              }}
            >
              Try again
            </button>
            <button type="button" className="btn" onClick={() => location.reload()}>
              Reload the page
            </button>
          </div>
        </div>
      </div>
    );
  }
}
