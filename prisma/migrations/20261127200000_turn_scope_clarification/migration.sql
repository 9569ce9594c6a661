-- The scope a turn looked at and the question it asked back, stored with the turn (issue #17).
ALTER TABLE "Turn" ADD COLUMN "scope" JSONB;
ALTER TABLE "Turn" ADD COLUMN "clarification" JSONB;
