import { notFound } from 'next/navigation';
import { AppError } from '@/lib/errors';

/** A domain lookup that throws not_found becomes the page's 404. */
export async function loadOr404<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') notFound();
    throw error;
  }
}

/**
 * A conversation page opened at one message (`?message=`, from a search hit or
 * a staff link): the page around it; the newest page when that message is no
 * longer there (an answer since replaced by an edit); a 404 without the chat.
 */
export async function loadAroundOr404<T>(
  load: (around: string | undefined) => Promise<T>,
  around: string | string[] | undefined,
): Promise<T> {
  if (typeof around === 'string' && around.length > 0 && around.length <= 100) {
    try {
      return await load(around);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'not_found')) throw error;
    }
  }
  return loadOr404(() => load(undefined));
}
