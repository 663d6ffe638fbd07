import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { waitAsTold } from './server-process';
import { signUpInBrowser, uniqueEmail } from './support';

/** A frame with nothing on it: every colour channel the same across the whole screen. */
async function isBlank(png: Buffer): Promise<boolean> {
  const { channels } = await sharp(png).stats();
  return channels.slice(0, 3).every((channel) => channel.stdev < 1);
}

/** The most consecutive numbers in an ascending list: how many sampled frames in a row were blank. */
function longestRun(indices: number[]): number {
  let longest = 0;
  let run = 0;
  for (const [at, index] of indices.entries()) {
    run = at > 0 && indices[at - 1] === index - 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  return longest;
}

/**
 * Signs up through the form and screenshots the page every ~100 ms from the click until `arrived` shows,
 * keeping each frame: what the person saw between "Create account" and the app.
 */
async function framesAfterSignUp(page: Page, path: string, arrived: Locator): Promise<Buffer[]> {
  for (let tries = 1; ; tries++) {
    await page.goto(path);
    await page.getByLabel(/name/i).fill('Ada Lovelace');
    await page.getByLabel(/email/i).fill(uniqueEmail('after-sign-up'));
    await page.getByLabel(/password/i).fill('correct-horse-battery');
    await page.getByRole('button', { name: /create account/i }).click();
    const frames: Buffer[] = [];
    let samples = 0;
    const refused = page.getByRole('alert').filter({ hasText: /too many attempts/i });
    for (;;) {
      // Chromium cannot capture while a page load swaps the document; that moment is skipped, not counted blank
      const frame = await page.screenshot().catch((error: Error) => {
        if (/unable to capture screenshot/i.test(error.message)) return null;
        throw error;
      });
      if (frame) frames.push(frame);
      if (await arrived.isVisible().catch(() => false)) return frames;
      // every account of the suite signs up from 127.0.0.1: the form says when to try again
      if (tries < 4 && (await refused.isVisible().catch(() => false))) break;
      expect(++samples, 'the app should arrive within about 30 s').toBeLessThan(300);
      await page.waitForTimeout(100);
    }
    await waitAsTold(Number(((await refused.textContent()) ?? '').match(/(\d+) second/)?.[1] ?? 10));
  }
}

for (const width of [1280, 390]) {
  test(`after "Create account" the page is never blank until the chat is ready (${width} px)`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 800 });
    const frames = await framesAfterSignUp(page, '/sign-up', page.getByTestId('chat-input'));
    await expect(page).toHaveURL(/\/chats\//);
    const blank: number[] = [];
    for (const [index, frame] of frames.entries()) if (await isBlank(frame)) blank.push(index);
    // the frames a person would have seen blank, kept for looking at
    for (const index of blank.slice(0, 3)) await testInfo.attach(`blank-frame-${index}`, { body: frames[index], contentType: 'image/png' });
    await testInfo.attach('first-frame', { body: frames[0], contentType: 'image/png' });
    await testInfo.attach('last-frame', { body: frames.at(-1)!, contentType: 'image/png' });
    // a page load may paint once before its content (one frame mid-stream); what people saw was a white page for
    // one to two seconds, many frames in a row
    expect(longestRun(blank), `${blank.length} of ${frames.length} frames after the click were blank: ${blank.join(', ')}`).toBeLessThan(2);
  });
}

test('sign-up with a return path lands on that page, never blank on the way', async ({ page }) => {
  const frames = await framesAfterSignUp(page, '/sign-up?next=/documents', page.getByRole('heading', { name: /new document/i }));
  await expect(page).toHaveURL(/\/documents$/);
  const blank: number[] = [];
  for (const [index, frame] of frames.entries()) if (await isBlank(frame)) blank.push(index);
  expect(longestRun(blank)).toBeLessThan(2);
});

test('words typed into the chat before the page has come to life are kept and sent', async ({ page }) => {
  await signUpInBrowser(page, uniqueEmail('early-typist'));
  await expect(page).toHaveURL(/\/chats\//);
  // a slow connection: the page's code arrives only after the person has typed
  let release!: () => void;
  const codeHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/chunks\/.*\.js(\?|$)/, async (route) => {
    await codeHeld;
    await route.continue();
  });
  await page.goto(page.url(), { waitUntil: 'commit' });
  const input = page.getByTestId('chat-input');
  await input.fill('Typed while the page was still loading');
  // (the page is not interactive yet: Send does not know of the words)
  await expect(page.getByTestId('send-button')).toBeDisabled();
  release();
  // once the page is interactive the words are still there, and Send takes them
  await expect(page.getByTestId('send-button')).toBeEnabled();
  await expect(input).toHaveValue('Typed while the page was still loading');
  await input.press('Enter');
  await expect(page.getByTestId('message-user').last()).toContainText('Typed while the page was still loading');
});
