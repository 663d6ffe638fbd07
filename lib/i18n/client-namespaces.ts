/**
 * Which message namespaces the browser gets, by part of the app. Every page's
 * server-rendered HTML carries the messages its client components may use; all
 * of them on every page was ~35 KB of each page (50 KB in Russian), most of it
 * for screens the page does not have. Server components translate on the
 * server and need none of this.
 */
export const CLIENT_NAMESPACES = {
  /** every page: the header's language and theme switches, shared words */
  base: ['common', 'shell'],
  /** sign-in, sign-up and password pages */
  auth: ['auth'],
  /** the signed-in app: sidebar, chat, its insights panel, the wallet */
  app: ['chat', 'context', 'insights', 'wallet', 'instructions'],
  documents: ['documents', 'canvas'],
  /** the account page: address, password, sessions */
  account: ['account'],
  staff: ['staff'],
} as const satisfies Record<string, readonly string[]>;

export type ClientArea = Exclude<keyof typeof CLIENT_NAMESPACES, 'base'>;

type Messages = Record<string, unknown>;

/** The namespaces of `areas` (and the base ones) out of all of a locale's messages. */
export function clientMessages(messages: Messages, areas: readonly ClientArea[]): Messages {
  const names = [...CLIENT_NAMESPACES.base, ...areas.flatMap((area) => CLIENT_NAMESPACES[area])];
  return Object.fromEntries(names.filter((name) => name in messages).map((name) => [name, messages[name]]));
}
