import { importChats } from '@/lib/chat/import/import-chats';
import { MAX_IMPORT_BODY_BYTES, MAX_IMPORT_BYTES } from '@/lib/chat/import/import-limits';
import { AppError } from '@/lib/errors';
import { MAX_JSON_DEPTH } from '@/lib/http/bounded-json';
import { readUploadedFile } from '@/lib/http/read-uploaded-file';
import { userRoute } from '@/lib/http/session-route';
import { describeBytes } from '@/lib/streams/read-capped-body';

const tooLarge = new AppError('import_too_large', `The file is larger than ${describeBytes(MAX_IMPORT_BYTES)}.`, {
  limit: MAX_IMPORT_BYTES,
});

/** The person uploads an export (multipart `file`): each conversation in it becomes a new chat of theirs. */
export const POST = userRoute(async ({ request, app, user, rate }) => {
  const readFile = () =>
    readUploadedFile(request, { field: 'file', maxBodyBytes: MAX_IMPORT_BODY_BYTES, maxFileBytes: MAX_IMPORT_BYTES, tooLarge });
  const result = await importChats({ db: app.db, rate }, user.id, readFile, {
    model: app.catalog.default.id,
    maxJsonDepth: MAX_JSON_DEPTH,
  });
  return Response.json(result, { status: 201 });
});
