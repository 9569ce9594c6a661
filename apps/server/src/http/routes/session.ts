import { PROTOCOL_VERSION, type SessionInfo } from "@kubemedic/protocol";
import express, { type Router } from "express";
import { userOf } from "../require-user";
import type { ApiContext } from "./api-context";

/** `GET /api/session`: who is signed in, the model, the demo cluster flag and the approval policy. */
export function sessionRoutes(ctx: ApiContext): Router {
  const router = express.Router();
  router.get("/session", (_req, res) => {
    const body: SessionInfo = {
      user: userOf(res),
      protocolVersion: PROTOCOL_VERSION,
      model: { name: ctx.model.label, offline: ctx.model.offline },
      demoCluster: ctx.clusters.isDemo,
      approvalPolicy: ctx.approvalPolicy,
    };
    res.setHeader("Cache-Control", "no-store");
    res.json(body);
  });
  return router;
}
