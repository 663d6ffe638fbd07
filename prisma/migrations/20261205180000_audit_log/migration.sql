-- CreateTable
CREATE TABLE "audit_event" (
    "id" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" TEXT,
    "actorEmail" TEXT,
    "action" TEXT NOT NULL,
    "targetType" TEXT,
    "targetId" TEXT,
    "targetLabel" TEXT,
    "address" TEXT,
    "detail" JSONB,

    CONSTRAINT "audit_event_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_event_at_id_idx" ON "audit_event"("at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "audit_event_action_at_id_idx" ON "audit_event"("action", "at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "audit_event_actorEmail_at_id_idx" ON "audit_event"("actorEmail", "at" DESC, "id" DESC);

-- The log is append-only for everyone who reaches the database through the app: a row once written
-- is neither changed nor removed. (Deleting an account is never blocked: the log holds no foreign key,
-- only the actor's id and email as text.) TRUNCATE, an operator's deliberate act, is left possible.
CREATE FUNCTION audit_event_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_event is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER audit_event_append_only BEFORE UPDATE OR DELETE ON "audit_event"
  FOR EACH ROW EXECUTE FUNCTION audit_event_append_only();
