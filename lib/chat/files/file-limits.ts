/** What a chat message may carry besides its text; the browser and the server share these (no server-only imports here). */

/** Per image, as uploaded; a larger one is refused with 413 before it is decoded. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/**
 * Per image, width × height, read from its header before any pixel is decoded: a PNG of a few
 * kilobytes can claim 100,000 × 100,000 pixels (a decompression bomb), which this refuses with 422.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;
/** The longer side an image is sent at: providers scale larger ones down anyway, and pay by the tile. */
export const MAX_IMAGE_SIDE = 2048;
/** Images on one message. */
export const MAX_IMAGES_PER_MESSAGE = 4;
/** All the files and images a person keeps in their chats, together (413 `storage` beyond it). */
export const MAX_CHAT_FILES_STORAGE_BYTES = 200 * 1024 * 1024;

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

export const IMAGE_ACCEPT = '.png,.jpg,.jpeg,.webp,.gif,image/png,image/jpeg,image/webp,image/gif';

/** The image type a picked file claims by its type or name (its bytes are checked on the server). */
export function imageTypeOf(file: { name: string; type: string }): ImageType | null {
  const name = file.name.toLowerCase();
  if (file.type === 'image/png' || name.endsWith('.png')) return 'image/png';
  if (file.type === 'image/jpeg' || /\.jpe?g$/.test(name)) return 'image/jpeg';
  if (file.type === 'image/webp' || name.endsWith('.webp')) return 'image/webp';
  if (file.type === 'image/gif' || name.endsWith('.gif')) return 'image/gif';
  return null;
}
