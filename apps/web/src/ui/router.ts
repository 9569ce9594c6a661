import { createStore, type Store } from "../lib/createStore";

/**
 * The few routes of the SPA, on the History API. The selected conversation is
 * the URL (`/c/:id`), so it survives a reload and the back button works; no
 * socket event ever navigates.
 */
export type Route = { name: "home" } | { name: "conversation"; id: string } | { name: "scan" };

const ID = /^[A-Za-z0-9_-]{1,100}$/;

export function parseRoute(pathname: string): Route {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/scan") return { name: "scan" };
  const match = /^\/c\/([^/]+)$/.exec(path);
  if (match?.[1] !== undefined) {
    let id: string;
    try {
      id = decodeURIComponent(match[1]);
    } catch {
      return { name: "home" };
    }
    if (ID.test(id)) return { name: "conversation", id };
  }
  return { name: "home" };
}

export function routePath(route: Route): string {
  switch (route.name) {
    case "home":
      return "/";
    case "scan":
      return "/scan";
    case "conversation":
      return `/c/${encodeURIComponent(route.id)}`;
  }
}

export interface Router extends Store<Route> {
  navigate: (route: Route, options?: { replace?: boolean }) => void;
  dispose: () => void;
}

export function createRouter(win: Window = window): Router {
  const store = createStore<Route>(parseRoute(win.location.pathname));
  const onPop = () => store.setState(parseRoute(win.location.pathname));
  win.addEventListener("popstate", onPop);
  return {
    ...store,
    navigate(route, options) {
      const path = routePath(route);
      if (path !== win.location.pathname) {
        if (options?.replace === true) win.history.replaceState(null, "", path);
        else win.history.pushState(null, "", path);
      }
      // Compare by path so an equal route does not re-render the app.
      store.setState((current) => (routePath(current) === path ? current : route));
    },
    dispose: () => win.removeEventListener("popstate", onPop),
  };
}
