import { expect, test } from '@playwright/test';
import { signUpInBrowser, uniqueEmail } from './support';

// Phones are held sideways and typed on with the keyboard up: the screen is short, and the fixed parts must
// not take all of it.
test('a phone held sideways (844×390): the chats in the sidebar can be read and opened', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signUpInBrowser(page, uniqueEmail('sideways'));
  for (let n = 1; n <= 6; n++) {
    const created = await page.request.post('/api/chats', { data: { title: `Trip plan ${n}` } });
    expect(created.ok()).toBe(true);
  }
  await page.reload();
  const chats = page.getByRole('navigation', { name: 'Chats' });
  await expect(chats.getByRole('link', { name: 'Trip plan 6' })).toBeVisible();
  // the list had 40 px between the fixed header and footer: not even one chat's row and the heading
  expect((await chats.boundingBox())!.height).toBeGreaterThan(150);
  // the oldest is reached by scrolling the sidebar, and opens
  const oldest = chats.getByRole('link', { name: 'Trip plan 1' });
  await oldest.scrollIntoViewIfNeeded();
  await expect(oldest).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('sideways-844x390.png') });
  await oldest.tap();
  await expect(page.getByRole('heading', { name: 'Trip plan 1' })).toBeVisible();
  await context.close();
});

test('a phone with its keyboard up (390×500): a long draft leaves most of the screen to the conversation', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 500 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signUpInBrowser(page, uniqueEmail('keyboard'));
  const draft = Array.from({ length: 7 }, (_, n) => `Line ${n + 1} of what I want to ask`).join('\n');
  await page.getByTestId('chat-input').fill(draft);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  // a 7-line draft grew the composer to 240 px and left about 150 px of conversation
  await expect.poll(async () => (await conversation.boundingBox())!.height).toBeGreaterThan(200);
  // the draft is all there, scrolled inside the field
  await expect(page.getByTestId('chat-input')).toHaveValue(draft);
  await page.screenshot({ path: testInfo.outputPath('keyboard-390x500.png') });
  await context.close();
});
