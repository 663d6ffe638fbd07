-- A person's autosaves in one editing burst are one version: the burst's open version takes each new save
-- (its body, the section's new version number, the time of the save). savedAt is that last save.
ALTER TABLE "section_version" ADD COLUMN "savedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
UPDATE "section_version" SET "savedAt" = "createdAt";

-- 'resolve': the conflict dialog's "keep mine", a version of its own
ALTER TABLE "section_version" DROP CONSTRAINT "section_version_kind_known";
ALTER TABLE "section_version" ADD CONSTRAINT "section_version_kind_known" CHECK ("kind" IN ('draft', 'manual', 'rewrite', 'restore', 'resolve'));

-- History stays append-only in spirit: a version once closed is never changed. The only change allowed is the
-- open burst taking one more save by the same person: a manual version, the section's newest, moving up by one
-- to the number the section has just taken. Anything else (an old version, a draft, a rewrite, a restore,
-- another author) is refused here whatever the code above it does.
CREATE FUNCTION section_version_closed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.kind <> 'manual' OR NEW.kind <> 'manual'
     OR NEW."sectionId" <> OLD."sectionId"
     OR NEW."authorId" IS DISTINCT FROM OLD."authorId"
     OR OLD."authorId" IS NULL
     OR NEW.version <> OLD.version + 1
     OR NEW.version <> (SELECT s.version FROM section s WHERE s.id = NEW."sectionId") THEN
    RAISE EXCEPTION 'version % of section % is closed and cannot change', OLD.version, OLD."sectionId";
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER section_version_closed BEFORE UPDATE ON "section_version"
  FOR EACH ROW EXECUTE FUNCTION section_version_closed();
