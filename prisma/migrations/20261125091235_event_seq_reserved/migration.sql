-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "eventSeqReserved" INTEGER NOT NULL DEFAULT 0;

