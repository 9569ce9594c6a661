import { useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import { ErrorBoundary } from "../../src/app/ErrorBoundary";
import "../../src/styles/app.css";

/**
 * The app's ErrorBoundary around a view that throws while `window.__harness.fail`
 * is true, as the main view sits in the app (`resetKey` = the route, here the
 * hash). The browser test breaks and mends the view and drives the boundary.
 */
interface Harness {
  fail: boolean;
  retries: number;
}
declare global {
  interface Window {
    __harness: Harness;
  }
}
window.__harness = { fail: true, retries: 0 };

function Flaky() {
  if (window.__harness.fail) throw new Error("the view broke while rendering");
  return <p data-testid="recovered">The view rendered.</p>;
}

const subscribe = (onChange: () => void) => {
  window.addEventListener("hashchange", onChange);
  return () => window.removeEventListener("hashchange", onChange);
};

function Harness() {
  const hash = useSyncExternalStore(subscribe, () => location.hash);
  return (
    <ErrorBoundary resetKey={hash} onRetry={() => window.__harness.retries++}>
      <Flaky />
    </ErrorBoundary>
  );
}

const root = document.getElementById("root");
if (root === null) throw new Error("no #root");
createRoot(root).render(<Harness />);
