/** Why a link could not be read; the message is what the document shows next to the link. */
export type LinkFailureCode =
  | 'bad_url'
  | 'blocked_address'
  | 'robots'
  | 'http_status'
  | 'timeout'
  | 'too_large'
  | 'not_text'
  | 'too_many_redirects'
  | 'unreachable'
  | 'no_text';

export class LinkError extends Error {
  constructor(
    readonly code: LinkFailureCode,
    message: string,
  ) {
    super(message);
    this.name = 'LinkError';
  }
}
