/**
 * Whether a request target's path decodes: a malformed percent-escape
 * (`/api/chats/%ff`, `/chats/%E0%A4%A`) names nothing, and Next.js would fail
 * on it with a 500 while matching routes. Checked before routing.
 */
export function hasWellFormedPath(target: string | undefined): boolean {
  if (!target) return false;
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  if (!path.includes('%')) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export const MALFORMED_PATH_BODY = JSON.stringify({
  error: { code: 'bad_request', message: 'The address holds a malformed percent-escape (such as %ff): it names no page.' },
});
