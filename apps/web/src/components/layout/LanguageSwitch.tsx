import { setLocale, useLocale, useT } from "../../i18n/i18n";
import { LOCALES, type Locale } from "../../i18n/locale";

/** English / 中文: shows the UI in that language at once, and remembers it for the next visit. */
export function LanguageSwitch() {
  const t = useT();
  const locale = useLocale();
  return (
    <label className="language-switch">
      <span className="sr-only">{t.language.label}</span>
      <select
        aria-label={t.language.label}
        data-testid="language-switch"
        value={locale}
        onChange={(e) => void setLocale(e.target.value as Locale)}
      >
        {LOCALES.map((l) => (
          // Each language in its own words, and marked as such for screen readers.
          <option key={l.id} value={l.id} lang={l.id}>
            {l.label}
          </option>
        ))}
      </select>
    </label>
  );
}
