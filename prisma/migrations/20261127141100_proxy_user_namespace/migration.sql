-- Users named by a trusted proxy's header become `proxy:<name>`, so that no header
-- value can be another principal: before this, the header value `local` was the
-- token user (docs/security.md#trusted-proxy-mode). Hand-written: a data migration.
--
-- Every owner stored before this migration other than `local` came from a proxy
-- header: prefix it. `local` stays the token user's (the operator's): a proxy user
-- named `local` who created conversations before the fix cannot be told apart from
-- the operator, and the operator keeps what was theirs. Approvals record who
-- decided; that principal is renamed the same way.
UPDATE "Conversation" SET "ownerId" = 'proxy:' || "ownerId" WHERE "ownerId" <> 'local';
UPDATE "Approval" SET "decidedBy" = 'proxy:' || "decidedBy"
  WHERE "decidedBy" IS NOT NULL AND "decidedBy" <> 'local';
