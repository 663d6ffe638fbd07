-- AlterTable
ALTER TABLE "chat" ADD COLUMN     "liveTurnBeatAt" TIMESTAMP(3);
