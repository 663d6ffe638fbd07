-- A chat's own instructions ('' = none)
ALTER TABLE "chat" ADD COLUMN "instructions" TEXT NOT NULL DEFAULT '';
ALTER TABLE "chat" ADD CONSTRAINT "chat_instructions_length" CHECK (char_length("instructions") <= 2000);

-- CreateTable
CREATE TABLE "personal_instructions" (
    "userId" TEXT NOT NULL,
    "aboutMe" TEXT NOT NULL DEFAULT '',
    "answerStyle" TEXT NOT NULL DEFAULT '',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "personal_instructions_pkey" PRIMARY KEY ("userId"),
    -- the limits the settings page counts down to (lib/chat/limits.ts INSTRUCTIONS_MAX_CHARS)
    CONSTRAINT "personal_instructions_length" CHECK (char_length("aboutMe") <= 2000 AND char_length("answerStyle") <= 2000)
);

-- AddForeignKey
ALTER TABLE "personal_instructions" ADD CONSTRAINT "personal_instructions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
