import { AppError } from '@/lib/errors';
import { readBodyOr413 } from '@/lib/http/handler';
import { assertMultipartBody } from '@/lib/http/same-origin';
import { cleanText } from '@/lib/text/clean-text';

/**
 * The one file of a multipart upload (its `field`), for routes that take a
 * single file (an export to import). The body is capped while it streams, as
 * every upload is (read-capped-body.ts); over the cap is `tooLarge`.
 */
export async function readUploadedFile(
  request: Request,
  options: { field: string; maxBodyBytes: number; maxFileBytes: number; tooLarge: AppError },
): Promise<{ name: string; bytes: Buffer }> {
  assertMultipartBody(request);
  let form: FormData;
  {
    // the raw body goes out of scope once the form is parsed: only the file's bytes stay
    const body = await readBodyOr413(request, options.maxBodyBytes, options.tooLarge);
    try {
      form = await new Response(body, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
    } catch (error) {
      throw new AppError('bad_request', `The form could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const file = form.get(options.field);
  if (!file || typeof file === 'string' || (file.size === 0 && !file.name))
    throw new AppError('validation_failed', `Attach the file (form field “${options.field}”).`);
  if (file.size > options.maxFileBytes) throw options.tooLarge;
  return { name: cleanText(file.name) || 'upload', bytes: Buffer.from(await file.arrayBuffer()) };
}
