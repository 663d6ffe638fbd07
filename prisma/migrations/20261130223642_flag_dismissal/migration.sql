-- CreateTable
CREATE TABLE "flag_dismissal" (
    "id" TEXT NOT NULL,
    "sectionId" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "dismissedById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "flag_dismissal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "flag_dismissal_sectionId_token_key" ON "flag_dismissal"("sectionId", "token");

-- AddForeignKey
ALTER TABLE "flag_dismissal" ADD CONSTRAINT "flag_dismissal_sectionId_fkey" FOREIGN KEY ("sectionId") REFERENCES "section"("id") ON DELETE CASCADE ON UPDATE CASCADE;
