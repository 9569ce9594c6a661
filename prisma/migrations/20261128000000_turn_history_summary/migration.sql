-- The summary of earlier turns a turn started from (a history.summarized event, issue #17).
ALTER TABLE "Turn" ADD COLUMN "summary" JSONB;
