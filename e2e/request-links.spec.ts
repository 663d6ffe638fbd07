import { expect, test, type Page } from '@playwright/test';
import { signUpInBrowser, uniqueEmail } from './support';

// Links written in a document request are read, or the document says why not. Research never gets to them
// here (the job waits for its questions first), so nothing is fetched: what matters is what the page says.

const REPORT = 'https://example.com/annual-report';
const NOTES = 'https://example.com/notes';

async function startFromDocumentsPage(page: Page, request: string, searchTheWeb: boolean): Promise<void> {
  await page.goto('/documents');
  await page.getByLabel('What should be written?').fill(request);
  await page.getByLabel(/also search the public web/i).setChecked(searchTheWeb);
  await page.getByRole('button', { name: 'Start writing' }).click();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]+$/);
}

const sourceNamed = (page: Page, url: string) => page.getByTestId('source').filter({ has: page.getByRole('link', { name: url }) });

test('a link in the request is read when the document may read the web, and named as not read, with why, when it may not', async ({
  page,
}) => {
  await signUpInBrowser(page, uniqueEmail('request-links'));

  await startFromDocumentsPage(page, `Write a summary of ${REPORT}. Compare it with ${NOTES}.`, true);
  await page
    .getByTestId('source-list')
    .getByText(/sources \(2\)/i)
    .click();
  for (const url of [REPORT, NOTES]) await expect(sourceNamed(page, url)).toContainText('waiting to be read');

  await startFromDocumentsPage(page, `Write a summary of ${REPORT}.`, false);
  const unread = sourceNamed(page, REPORT);
  // the list opens by itself when a source was not read
  await expect(unread).toBeVisible();
  await expect(unread.getByTestId('source-reason')).toHaveText('not read: this document was started without public sources.');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await unread.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`unread-link-${width}.png`) });
  }

  // in the reader's language
  await page.context().addCookies([{ name: 'quire-locale', value: 'ru', url: new URL(page.url()).origin }]);
  await page.reload();
  await expect(sourceNamed(page, REPORT).getByTestId('source-reason')).toHaveText('не прочитана: документ начат без открытых источников.');
});

test("a document the chat's assistant starts names the links it will not read when the chat's web search is off", async ({ page }) => {
  await signUpInBrowser(page, uniqueEmail('chat-links'));
  await expect(page).toHaveURL(/\/chats\//);
  const chatId = new URL(page.url()).pathname.split('/').pop()!;
  expect((await page.request.patch(`/api/chats/${chatId}`, { data: { webSearch: false } })).ok()).toBe(true);

  await page.getByTestId('chat-input').fill(`Write a report on ${REPORT}`);
  await page.getByTestId('send-button').click();
  await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });

  await page.goto('/documents');
  await page.getByTestId('document-list').getByRole('link').first().click();
  await expect(sourceNamed(page, REPORT).getByTestId('source-reason')).toHaveText(
    'not read: web search was off in the chat this document was started from. Paste the text or attach the file instead.',
  );
});
