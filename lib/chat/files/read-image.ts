import sharp, { type Metadata } from 'sharp';
import { AppError } from '@/lib/errors';
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, type ImageType } from './file-limits';

/** An image as it is kept and sent: re-encoded from its pixels, so nothing of the upload's metadata survives. */
export interface ReadImage {
  bytes: Uint8Array;
  mediaType: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
}

const FORMATS: Record<string, ImageType> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

/** Markup or a script in a metadata field: nothing a photo needs, and what a viewer that shows the field would run. */
const SCRIPT_IN_METADATA = /<\s*\/?\s*script|javascript\s*:|<\s*svg|\bon[a-z]+\s*=/i;

// libvips decodes outside the V8 heap: one image at a time per process, without its cache, keeps
// the memory an upload can take at about one capped image (MAX_IMAGE_PIXELS × 4 bytes)
sharp.concurrency(1);
sharp.cache(false);
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * A PNG, JPEG, WebP or GIF (its first frame) the person attached → the image the model is sent.
 * Refusals name the limit: 413 `image_size`, 422 `image_type`, `pixels` (read from the header,
 * before any pixel is decoded: a decompression bomb costs nothing), `metadata` (a script in it).
 */
export function readChatImage(file: { name: string; bytes: Uint8Array }): Promise<ReadImage> {
  if (file.bytes.byteLength > MAX_IMAGE_BYTES) {
    throw new AppError('payload_too_large', `“${file.name}” is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`, { limit: 'image_size' });
  }
  return oneAtATime(() => reencode(file));
}

async function reencode(file: { name: string; bytes: Uint8Array }): Promise<ReadImage> {
  const input = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' as const, animated: false };
  let metadata: Metadata;
  try {
    // the header only (no pixel is decoded here), so the size it claims is checked below with the limit's own message
    metadata = await sharp(file.bytes, { ...input, limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('unprocessable', `“${file.name}” is not a PNG, JPEG, WebP or GIF image.`, { limit: 'image_type' });
  }
  const type = metadata.format ? FORMATS[metadata.format] : undefined;
  if (!type) throw new AppError('unprocessable', `“${file.name}” is not a PNG, JPEG, WebP or GIF image.`, { limit: 'image_type' });
  const pixels = (metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0);
  if (pixels > MAX_IMAGE_PIXELS || pixels === 0) {
    throw new AppError(
      'unprocessable',
      `“${file.name}” was not read: it has more than ${(MAX_IMAGE_PIXELS / 1_000_000).toLocaleString('en-US')} million pixels.`,
      { limit: 'pixels' },
    );
  }
  if (hasScriptInMetadata(metadata)) {
    throw new AppError('unprocessable', `“${file.name}” was not read: its metadata holds a script.`, { limit: 'metadata' });
  }
  // the first frame of a GIF goes as a PNG; everything else keeps its format
  const mediaType = type === 'image/gif' ? 'image/png' : type;
  try {
    // rotate() applies the EXIF orientation to the pixels, since the orientation tag goes with the rest
    let pipeline = sharp(file.bytes, input)
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .timeout({ seconds: 10 });
    pipeline = mediaType === 'image/jpeg' ? pipeline.jpeg({ quality: 85 }) : mediaType === 'image/webp' ? pipeline.webp() : pipeline.png();
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data), mediaType, width: info.width, height: info.height };
  } catch (error) {
    throw new AppError(
      'unprocessable',
      `“${file.name}” could not be read as an image: ${error instanceof Error ? error.message : String(error)}.`,
      {
        limit: 'image_type',
      },
    );
  }
}

function hasScriptInMetadata(metadata: Metadata): boolean {
  const fields = [metadata.exif, metadata.xmp, metadata.iptc, ...(metadata.comments ?? []).map((c) => `${c.keyword} ${c.text}`)];
  return fields.some(
    (field) => field && SCRIPT_IN_METADATA.test(typeof field === 'string' ? field : Buffer.from(field).toString('latin1')),
  );
}
