import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { pdfWithPages } from '../tests/support/office-fixtures';
import { ChatPage } from './pages/chat-page';
import { uniqueEmail } from './support';

const THIRD_PAGE = 'Clause 7: the tenant returns the copper kettle polished before the lease ends.';

test('a PDF attached to a message: its third page is in What the model saw, and is recalled three turns later', async ({ page }) => {
  // five streamed answers: minutes on a busy machine
  test.setTimeout(180_000);
  const chat = new ChatPage(page);
  await chat.signUp({ email: uniqueEmail('chat-files'), password: 'correct-horse-battery', name: 'Files Person' });

  const pdf = pdfWithPages(['Lease agreement between the parties.', 'Clause 3: rent is due monthly.', THIRD_PAGE]);
  await page.getByTestId('attach-input').setInputFiles({ name: 'lease.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) });
  await expect(page.getByTestId('attachment-chip')).toContainText('lease.pdf');
  expect(await chat.sendAndSettle('What does page 3 of the lease say?')).toBe('complete');

  // the question shows its file, downloadable as uploaded
  const sent = page.getByTestId('message-user').last().getByTestId('message-file');
  await expect(sent).toContainText('lease.pdf');
  const download = await page.request.get((await sent.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(Buffer.from(await download.body()).equals(Buffer.from(pdf))).toBe(true);
  await expect(page.getByTestId('attachment-chip')).toHaveCount(0);

  const view = await chat.openContext();
  await expect(view.getByTestId('context-parts')).toContainText('Attached files');
  const third = view.getByTestId('context-file-part').filter({ hasText: 'page 3' });
  await expect(third.locator('blockquote')).toHaveText(THIRD_PAGE);

  for (const question of ['How do I rename a chat?', 'Can I change the theme?', 'Where is my wallet?']) {
    await chat.sendAndSettle(question);
  }
  expect(await chat.sendAndSettle('What did the lease say about the copper kettle again?')).toBe('complete');
  const again = await chat.openContext();
  const recalled = again.getByTestId('recalled-message').filter({ hasText: 'lease.pdf, page 3' });
  await expect(recalled.locator('blockquote')).toHaveText(THIRD_PAGE);
});

test('an image pasted for a vision model reaches the upstream as an image part; a model without vision is refused first', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const chat = new ChatPage(page);
  await chat.signUp({ email: uniqueEmail('chat-image'), password: 'correct-horse-battery', name: 'Image Person' });
  const chatId = new URL(page.url()).pathname.split('/').pop()!;
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b87333' } })
    .png()
    .toBuffer();

  // the server refuses an image for a model without vision before any call (422 naming the limit and the models that read images)
  const upload = await page.request.post(`/api/chats/${chatId}/files`, {
    multipart: { files: { name: 'shot.png', mimeType: 'image/png', buffer: png } },
  });
  expect(upload.status()).toBe(201);
  const [uploaded] = await upload.json();
  const refused = await page.request.post(`/api/chats/${chatId}/messages`, {
    data: { text: 'What is this?', model: 'sim-mini', files: [uploaded.id] },
  });
  expect(refused.status()).toBe(422);
  const body = await refused.json();
  expect(body.limit).toBe('vision');
  expect(body.error.message).toContain('does not read images');
  const ledger = await (await page.request.get('/api/ledger')).json();
  expect(ledger.items ?? ledger).toHaveLength(0);

  // in the composer: paste a screenshot with a model that has no vision
  await chat.pickModel('sim-mini');
  await chat.input.focus();
  await page.evaluate((bytes) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], 'screenshot.png', { type: 'image/png' }));
    document
      .querySelector('[data-testid="chat-input"]')!
      .dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, Array.from(png));
  await expect(page.getByTestId('attachment-chip')).toContainText('screenshot.png');
  await chat.input.fill('What is in this picture?');
  await expect(page.getByTestId('vision-needed')).toContainText('does not read images');
  await expect(page.getByTestId('send-button')).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('vision-needed-1280.png') });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: test.info().outputPath('vision-needed-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByTestId('use-vision-model').click();
  await expect(page.getByTestId('model-picker')).toHaveValue('sim-swift');
  await expect(page.getByTestId('vision-needed')).toHaveCount(0);
  expect(await chat.sendAndSettle()).toBe('complete');
  // the simulator speaks OpenAI's wire format: it reads image_url content parts and says what arrived
  await expect(chat.lastAnswer()).toContainText(/I can see 1 image\(s\): image\/png/);
  await expect(page.getByTestId('message-user').last().getByTestId('message-file').locator('img')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('image-sent-1280.png') });
});

test('a photo sent without words is the question: Send takes it, the model sees the image, and the chat is named after it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const chat = new ChatPage(page);
  await chat.signUp({ email: uniqueEmail('photo-alone'), password: 'correct-horse-battery', name: 'Photo Person' });
  await chat.pickModel('sim-swift');
  await expect(page.getByTestId('send-button')).toBeDisabled();
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  await page.getByTestId('attach-input').setInputFiles({ name: 'kettle.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('attachment-chip')).toContainText('kettle.png');
  // nothing typed: the photo is the whole question
  await expect(page.getByTestId('send-button')).toBeEnabled();
  await page.getByTestId('send-button').click();
  await expect(chat.answers).toHaveCount(1);
  expect(await chat.waitForSettled()).toBe('complete');
  await expect(chat.lastAnswer()).toContainText(/I can see 1 image\(s\): image\/png/);
  const question = page.getByTestId('message-user').last();
  await expect(question.getByTestId('message-file').locator('img')).toBeVisible();
  await expect(question.getByTestId('user-text')).toHaveCount(0);
  await expect(page.locator('#chat-title')).toHaveText('kettle.png');
  await page.reload();
  await expect(page.getByTestId('message-user').last().getByTestId('message-file').locator('img')).toBeVisible();
});
