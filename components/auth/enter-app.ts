/**
 * Into the app once a session exists (signed up, signed in, password set). A whole-page load, not a client
 * navigation: `/` answers a signed-in person with a redirect to their chat, which a client navigation showed
 * as a blank page for a second or two (the redirect renders nothing while the chat loads). A page load is
 * redirected by HTTP, the browser keeps the form (its spinner on) painted until the app's first paint, and
 * every client state starts afresh under the new session. The caller leaves its form pending.
 */
export function enterApp(path: string | null | undefined): void {
  window.location.replace(path ?? '/');
}
