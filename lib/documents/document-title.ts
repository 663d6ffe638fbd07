import { tidyTitle, titleFromRequest } from '@/lib/text/request-title';

/** The title the pipeline stores: the model's, tidied, or the request's own words when the model gave nothing usable. */
export function documentTitle(modelTitle: string, request: string): string {
  return tidyTitle(modelTitle) || titleFromRequest(request) || 'Untitled document';
}
