import { useEffect } from "react";
import { useUi } from "./clientContext";

/** Applies the chosen theme (or the system's) to <html data-theme>, following system changes. */
export function useThemeSync(): void {
  const theme = useUi((s) => s.theme);
  useEffect(() => {
    const media = matchMedia("(prefers-color-scheme: dark)");
    const apply = () => {
      document.documentElement.dataset.theme = theme ?? (media.matches ? "dark" : "light");
    };
    apply();
    media.addEventListener("change", apply);
    return () => media.removeEventListener("change", apply);
  }, [theme]);
}
