-- CreateTable: the deployment's one secret, shared by every process on the database
CREATE TABLE "deployment_secret" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "secret" TEXT,
    "fingerprint" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "deployment_secret_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "deployment_secret_one_row" CHECK ("id" = 1)
);
