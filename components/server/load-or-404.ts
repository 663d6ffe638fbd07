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
