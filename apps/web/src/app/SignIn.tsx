import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../api/endpoints";
import { queryKeys } from "../api/queryKeys";
import { describeError } from "../api/WebError";
import { BrandMark } from "../components/common/Icon";
import { useClient } from "./clientContext";
import { useT } from "../i18n/i18n";

/** Shown when the server wants credentials: paste the token printed by `kubemedic serve`. */
export function SignIn() {
  const client = useClient();
  const queryClient = useQueryClient();
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();
  return (
    <div className="center" style={{ height: "100%" }}>
      <form
        className="panel-box"
        style={{ textAlign: "left", width: "100%" }}
        onSubmit={(e) => {
          e.preventDefault();
          setBusy(true);
          setError(null);
          api
            .login(token.trim())
            .then(async () => {
              await queryClient.invalidateQueries({ queryKey: queryKeys.session });
              client.connection.retryNow();
            })
            .catch((err: unknown) => setError(describeError(err)))
            .finally(() => setBusy(false));
        }}
      >
        <div style={{ display: "flex", alignItems: "center", gap: 8, fontWeight: 700 }}>
          <BrandMark /> kubemedic
        </div>
        <h2>{t.signIn.title}</h2>
        <p className="muted small">
          {t.signIn.hintBefore}
          <code>kubemedic serve</code>
          {t.signIn.hintAfter}
        </p>
        <input
          className="field"
          type="password"
          autoComplete="current-password"
          aria-label={t.signIn.token}
          placeholder={t.signIn.token}
          value={token}
          autoFocus
          onChange={(e) => setToken(e.target.value)}
        />
        {error !== null && (
          <p className="status-err small" role="alert">
            {error}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={busy || token.trim() === ""}>
            {t.signIn.submit}
          </button>
        </div>
      </form>
    </div>
  );
}
