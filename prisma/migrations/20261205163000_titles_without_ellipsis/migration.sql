-- Automatic titles were once cut with a closing "…", which then leaked into exports and file names.
-- A stored title reads as written (the screen truncates for the eye); the ellipsis and what it left hanging go.
UPDATE "chat" SET "title" = COALESCE(NULLIF(regexp_replace("title", '(\s*(…|\.\.\.))+\s*$', ''), ''), 'New chat')
WHERE "title" ~ '(…|\.\.\.)\s*$';
UPDATE "document" SET "title" = regexp_replace("title", '(\s*(…|\.\.\.))+\s*$', '')
WHERE "title" ~ '(…|\.\.\.)\s*$';
