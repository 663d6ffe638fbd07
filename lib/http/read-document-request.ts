import { z } from 'zod';
import { readBodyOr413, readJson, validationError } from '@/lib/http/handler';
import { AppError } from '@/lib/errors';
import { assertMultipartBody } from '@/lib/http/same-origin';
import { describeBytes } from '@/lib/streams/read-capped-body';
import { cleanText } from '@/lib/text/clean-text';
import { addedSourcesBody, createFields, type DocumentRequest } from '@/lib/documents/intake/document-request';
import { MAX_SOURCE_TEXT_CHARS, parsePastedText, type ParsedSource, type SourceFile } from '@/lib/documents/sources/parse-source-file';
import {
  MAX_FILES_PER_REQUEST,
  MAX_SOURCE_FILE_BYTES,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_FILES_BYTES,
} from '@/lib/documents/sources/upload-limits';

// The HTTP side of a document request: the body (JSON or a capped multipart form) becomes the
// documents domain's DocumentRequest here, so lib/documents never sees a Request.

/** POST /api/documents: JSON, or multipart/form-data with a `request` field plus files. */
export async function readDocumentRequest(request: Request): Promise<DocumentRequest> {
  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    const { fields, files } = await readMultipart(request);
    const parsed = createFields.safeParse({
      request: fields.get('request') ?? '',
      chatId: fields.get('chatId') || undefined,
      allowPublicSources: fields.has('allowPublicSources') ? fields.get('allowPublicSources') === 'true' : undefined,
      budgetMicros: fields.get('budgetMicros') ? Number(fields.get('budgetMicros')) : undefined,
      sectionCount: fields.get('sectionCount') ? Number(fields.get('sectionCount')) : undefined,
      model: fields.get('model') || undefined,
    });
    if (!parsed.success) throw validationError(parsed.error);
    return { ...parsed.data, sources: [], files, urls: linksField(fields.get('links')) };
  }
  const body = await readJson(request, createFields, MAX_SOURCE_TEXT_CHARS * 4 + 64 * 1024);
  const sources = (body.sources ?? []).flatMap((s) => (s.kind === 'text' ? [parsePastedText(s.title, s.content)] : []));
  const urls = (body.sources ?? []).flatMap((s) => (s.kind === 'url' ? [s.url] : []));
  return { ...body, sources, files: [], urls };
}

const linkList = z.array(z.string().url('Each line of links must be a full URL (https://…).').max(2000)).max(20, 'At most 20 links.');

/** The form's `links` field: one URL a line, blank lines ignored. */
function linksField(raw: string | undefined): string[] {
  const lines = (raw ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const parsed = linkList.safeParse(lines);
  // the message names the line, not the array index zod reports
  if (!parsed.success) throw new AppError('validation_failed', parsed.error.issues[0]?.message ?? 'The links could not be read.');
  return parsed.data;
}

/** POST /api/documents/:id/sources: files (multipart, read later once allowed), or JSON `{sources: [{kind: url, url} | {kind: text, title, content}]}`. */
export async function readAddedSources(request: Request): Promise<{ files: SourceFile[]; sources: ParsedSource[]; urls: string[] }> {
  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data'))
    return { files: (await readSourceFiles(request)).files, sources: [], urls: [] };
  const body = await readJson(request, addedSourcesBody, MAX_SOURCE_TEXT_CHARS * 4 + 64 * 1024);
  return {
    files: [],
    sources: body.sources.flatMap((s) => (s.kind === 'text' ? [parsePastedText(s.title, s.content)] : [])),
    urls: body.sources.flatMap((s) => (s.kind === 'url' ? [s.url] : [])),
  };
}

/** Files only (attaching to a document later, or to a chat before start_document); read them with parseSourceFiles once allowed. */
export async function readSourceFiles(request: Request): Promise<{ fields: Map<string, string>; files: SourceFile[] }> {
  assertMultipartBody(request);
  const { fields, files } = await readMultipart(request);
  if (files.length === 0) throw new AppError('validation_failed', 'Attach at least one file.');
  return { fields, files };
}

/**
 * The multipart body is read with its cap enforced while it streams (a chunked
 * upload has no length to check up front), and only then handed to the form
 * parser, so an endless or oversized upload costs at most the cap.
 */
async function readMultipart(request: Request): Promise<{ fields: Map<string, string>; files: SourceFile[] }> {
  const body = await readBodyOr413(
    request,
    MAX_UPLOAD_BYTES,
    new AppError('payload_too_large', `The upload is larger than ${describeBytes(MAX_UPLOAD_FILES_BYTES)} (all files together).`, {
      limit: 'upload_size',
    }),
  );
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
  } catch (error) {
    throw new AppError('bad_request', `The form could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const fields = new Map<string, string>();
  const files: SourceFile[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields.set(name, cleanText(value));
    // a browser sends an unnamed empty entry for a file input left empty
    else if (value.size === 0 && !value.name) continue;
    else {
      if (value.size > MAX_SOURCE_FILE_BYTES) {
        throw new AppError('payload_too_large', `“${value.name}” is larger than ${describeBytes(MAX_SOURCE_FILE_BYTES)}.`, {
          limit: 'file_size',
        });
      }
      files.push({ name: cleanText(value.name) || 'attachment', type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) });
    }
  }
  if (files.length > MAX_FILES_PER_REQUEST)
    throw new AppError('validation_failed', `Attach at most ${MAX_FILES_PER_REQUEST} files at once.`);
  return { fields, files };
}
