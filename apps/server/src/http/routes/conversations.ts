import {
  ConversationListQuery,
  ConversationSearchQuery,
  CreateConversationBody,
  PatchConversationBody,
  RestId,
} from "@kubemedic/protocol";
import express, { type Router } from "express";
import { checkClusterContext } from "../../cluster/check-context";
import { userOf } from "../require-user";
import { validate } from "../validate";
import type { ApiContext } from "./api-context";

/**
 * The caller's conversations: list (newest activity first, keyset pages),
 * create, read everything a reload shows, rename or re-target, delete.
 * Another user's conversation is a 404, exactly like a missing one.
 */
export function conversationRoutes(ctx: ApiContext): Router {
  const router = express.Router();
  const { conversations } = ctx.persistence;

  router.get("/conversations", async (req, res) => {
    const query = validate(ConversationListQuery, req.query, "query");
    res.setHeader("Cache-Control", "no-store");
    res.json(await conversations.list(userOf(res), query));
  });

  // Before `/conversations/:id`, which would take "search" for an id.
  router.get("/conversations/search", async (req, res) => {
    const query = validate(ConversationSearchQuery, req.query, "search");
    res.setHeader("Cache-Control", "no-store");
    res.json({ items: await conversations.search(userOf(res), query.q, query.limit) });
  });

  router.post("/conversations", async (req, res) => {
    const body = validate(CreateConversationBody, req.body ?? {}, "conversation");
    checkClusterContext(ctx.clusters, body.clusterContext);
    res.status(201).json(await conversations.create(userOf(res), body));
  });

  router.get("/conversations/:id", async (req, res) => {
    const id = validate(RestId, req.params.id, "conversation id");
    res.setHeader("Cache-Control", "no-store");
    res.json(await conversations.detail(userOf(res), id));
  });

  router.patch("/conversations/:id", async (req, res) => {
    const id = validate(RestId, req.params.id, "conversation id");
    const body = validate(PatchConversationBody, req.body ?? {}, "conversation patch");
    checkClusterContext(ctx.clusters, body.clusterContext);
    const updated = await conversations.update(userOf(res), id, body);
    // The next turn runs against the new target.
    const channel = ctx.hub.get(id);
    if (channel !== undefined) {
      channel.target = { clusterContext: updated.clusterContext, namespace: updated.namespace };
    }
    res.json(updated);
  });

  router.delete("/conversations/:id", async (req, res) => {
    const id = validate(RestId, req.params.id, "conversation id");
    const user = userOf(res);
    // Owner check first: another user's running turn must not be stopped.
    await conversations.get(user, id);
    const channel = ctx.hub.get(id);
    if (channel?.run !== undefined) {
      channel.run.stop("deleted");
      await channel.run.done;
    }
    await conversations.delete(user, id);
    const forgotten = ctx.hub.forget(id);
    for (const subscriber of forgotten?.subscribers ?? []) subscriber.forgotten(id);
    res.status(204).end();
  });
  return router;
}
