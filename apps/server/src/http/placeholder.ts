import { PAGE_STYLE } from "./page-style";

/**
 * What `/` serves while apps/web has not been built: says honestly what is
 * running and where to look, instead of a blank page or a 404.
 */
export function placeholderPage(backend: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>kubemedic</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<h1>kubemedic server is running</h1>
<p>The web app has not been built, so there is no chat UI to show yet
(<code>apps/web/dist</code> does not exist). <code>npm start</code> builds it when
<code>apps/web</code> is present.</p>
<p>Database: <code>${backend}</code> · Health: <a href="/healthz"><code>/healthz</code></a></p>
</body>
</html>
`;
}
