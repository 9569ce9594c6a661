import express, { type Express } from "express";
import type { Logger } from "../logger";
import { allowedHost } from "./allowed-host";
import { errorHandler, notFoundHandler } from "./errors";
import { healthz } from "./healthz";
import { jsonBody } from "./json-body";
import { rejectMalformedUrl } from "./reject-malformed-url";
import { requestLog } from "./request-log";
import { requireUser } from "./require-user";
import { restLimits } from "./rest-limits";
import type { ApiContext } from "./routes/api-context";
import { clusterRoutes } from "./routes/clusters";
import { conversationRoutes } from "./routes/conversations";
import { loginRoutes } from "./routes/login";
import { mcpRoute } from "./routes/mcp";
import { readyz } from "./routes/readyz";
import { reportRoutes } from "./routes/reports";
import { scanRoutes } from "./routes/scan";
import { sessionRoutes } from "./routes/session";
import { sameOriginWrites } from "./same-origin-writes";
import { securityHeaders } from "./security-headers";
import { webRoutes } from "./web";

/** REST requests of one user waiting for one of their slots; beyond, 429. @default 32 */
const REST_QUEUE = 32;

export interface AppOptions {
  api: ApiContext;
  logger: Logger;
  /** The built SPA. @default apps/web/dist */
  webDir: string;
}

/**
 * The Express app. Public: health, readiness, the login routes and the SPA
 * shell (it loads without credentials and asks for them). Everything under
 * `/api`, `/mcp` and `/metrics` needs a user (cookie, bearer token or trusted proxy
 * header) and answers 401 JSON without one.
 */
export function createApp({ api, logger, webDir }: AppOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", false);
  app.use(requestLog(logger, api.metrics));
  app.use(securityHeaders());
  app.use(allowedHost(api.allowedHosts));
  app.get("/healthz", healthz(api.database));
  app.get("/readyz", readyz(api));
  app.use(["/api", "/login", "/metrics", "/mcp"], rejectMalformedUrl);
  app.use("/api", sameOriginWrites(api.allowedOrigins), jsonBody());
  app.use(loginRoutes(api));
  const limited = restLimits({
    perSecond: api.limits.restPerSecond,
    burst: api.limits.restBurst,
    concurrency: api.limits.restConcurrency,
    queue: REST_QUEUE,
  });
  const authenticated = requireUser(api.authenticator);
  app.get("/metrics", authenticated, limited, async (_req, res) => {
    res.type(api.metrics.contentType).send(await api.metrics.render());
  });
  const rest = express.Router();
  rest.use(authenticated, limited);
  rest.use(sessionRoutes(api));
  rest.use(conversationRoutes(api));
  rest.use(reportRoutes(api));
  rest.use(clusterRoutes(api));
  rest.use(scanRoutes(api));
  rest.use(notFoundHandler);
  app.use("/api", rest);
  // MCP over streamable HTTP: the API's Origin, body, authentication and per-user limits.
  app.use(
    "/mcp",
    sameOriginWrites(api.allowedOrigins),
    jsonBody(),
    authenticated,
    limited,
    mcpRoute((user) => api.mcp(user)),
  );
  app.use(webRoutes(webDir, api.database.backend));
  app.use(notFoundHandler);
  app.use(errorHandler(logger, api.metrics));
  return app;
}
