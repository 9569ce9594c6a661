// Sets the theme before the first paint so a dark-mode user never sees a white flash.
// A file, not an inline script: the Content-Security-Policy runs scripts from the origin only.
try {
  var t = JSON.parse(localStorage.getItem("kubemedic.theme") || "null");
  if (t !== "light" && t !== "dark")
    t = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  document.documentElement.dataset.theme = t;
} catch (e) {
  document.documentElement.dataset.theme = "light";
}
