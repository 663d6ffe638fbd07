-- AlterTable: an imported chat says where it came from (ChatGPT, Claude.ai or another Quire)
ALTER TABLE "chat" ADD COLUMN "importedFrom" TEXT;
