/** What one request to the simulator may cost: its body, and how long it may be made to wait. */

/** A message's images in base64 fit inside this; the text is held to MAX_SIMULATOR_TEXT_BYTES. */
export const MAX_SIMULATOR_BODY_BYTES = 32 * 1024 * 1024;

/** The largest prompt the simulated models take (64k tokens) fits well inside this much text. */
export const MAX_SIMULATOR_TEXT_BYTES = 1024 * 1024;

/** A token delay from `[sim:delay=MS]`, `[sim:slow]` or the configuration never exceeds this. */
export const MAX_TOKEN_DELAY_MS = 1_000;

export function clampTokenDelay(ms: number): number {
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_TOKEN_DELAY_MS) : 0;
}
