-- The route and plan of a complex question (issue #14), stored with its turn.
ALTER TABLE "Turn" ADD COLUMN "plan" JSONB;
