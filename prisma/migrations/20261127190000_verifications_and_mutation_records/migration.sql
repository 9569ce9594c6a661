-- AlterEnum
ALTER TYPE "ToolStatus" ADD VALUE 'unknown' BEFORE 'ok';

-- AlterTable
ALTER TABLE "Turn" ADD COLUMN     "verifications" JSONB NOT NULL DEFAULT '[]';
