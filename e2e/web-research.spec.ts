import { expect, test } from '@playwright/test';
import { startPageServer, startSearxngFake, PORT_PAGE, type PageServer, type RunningServer } from '../tests/support/web-fixtures';
import { signUpInBrowser, uniqueEmail } from './support';
import { e2ePorts } from './ports';

// the server was started with SEARXNG_URL and FETCH_ALLOW_HOSTS pointing at these ports (playwright.config.ts)
let pages: PageServer;
let searxng: RunningServer;

test.beforeAll(async () => {
  pages = await startPageServer(e2ePorts.pages, e2ePorts.pagesTrap);
  searxng = await startSearxngFake(e2ePorts.searxng, [
    { url: `http://127.0.0.1:${e2ePorts.pages}/port-2022`, title: 'Port of Lisbon 2022' },
  ]);
});
test.afterAll(async () => {
  await Promise.all([pages?.close(), searxng?.close()]);
});

test('a document researched from the web: a link that could not be read shows why, a footnote shows its page and quote', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUpInBrowser(page, uniqueEmail('web'));

  // a literal metadata address is refused when it is given
  const refused = await page.request.post('/api/documents', {
    data: {
      request: 'Write a report on the cloud',
      allowPublicSources: true,
      sources: [{ kind: 'url', url: 'http://169.254.169.254/latest/meta-data/' }],
    },
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).error.message).toMatch(/private, loopback or link-local/);

  const created = await page.request.post('/api/documents', {
    data: {
      request: 'Write a report on the Port of Lisbon',
      sectionCount: 1,
      allowPublicSources: true,
      sources: [{ kind: 'url', url: `${pages.url}/missing` }],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  await page.goto(`/documents/${id}`);

  const questions = page.getByRole('form', { name: /questions before writing/i });
  await expect(questions).toBeVisible({ timeout: 60_000 });
  for (const box of await questions.getByRole('textbox').all()) await box.fill('Port operators; the year 2022.');
  await questions.getByRole('button', { name: /save answers/i }).click();
  await expect(page.getByTestId('document-status')).toHaveAttribute('data-status', 'done', { timeout: 180_000 });

  // the link that failed stays listed with its reason; the page found by search was read
  const list = page.getByTestId('source-list');
  await expect(list.locator('[data-status="failed"]')).toContainText('The server answered 404');
  await expect(list.locator('[data-status="read"]').filter({ hasText: 'port-2022' })).toBeVisible();
  await expect(page.getByTestId('research-counts')).toContainText(/\d+ web search(es)? · 2 links read/);

  // a footnote shows the page it cites and the sentence quoted from it
  const view = await (await page.request.get(`/api/documents/${id}`)).json();
  const web = view.sources.find((s: { url: string | null }) => s.url === `${pages.url}/port-2022`);
  const citation = view.sections[0].citations.find((c: { sourceId: string }) => c.sourceId === web.id);
  expect(citation).toBeTruthy();
  const chip = page.getByTestId('document-section').locator(`sup[data-citation="${citation.marker}"]`).first();
  await chip.hover();
  const popover = page.getByTestId('footnote-popover');
  await expect(popover).toBeVisible();
  await expect(popover.getByRole('link')).toHaveAttribute('href', `${pages.url}/port-2022`);
  const quote = (await popover.getByTestId('footnote-quote').textContent())?.trim();
  expect(PORT_PAGE.paragraphs.join(' ')).toContain(quote);
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
});

test('a person gives a link in the new-document form and sees it read on the document', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, uniqueEmail('web-form'));
  await page.goto('/documents');
  await page.getByLabel(/what should be written/i).fill('Write a report on the Port of Lisbon');
  await page.getByLabel(/links to read/i).fill(`${pages.url}/port-2022\n\n`);
  await expect(page.getByLabel(/search the public web/i)).toBeChecked();
  await page.getByRole('button', { name: /start writing/i }).click();
  await expect(page).toHaveURL(/\/documents\/[\w-]+$/);
  const id = page.url().split('/').pop();
  // the link is one of the document's sources (waiting, or read once research reaches it), listed on the page
  const view = await (await page.request.get(`/api/documents/${id}`)).json();
  const link = view.sources.find((s: { url: string | null }) => s.url === `${pages.url}/port-2022`);
  expect(['pending', 'read']).toContain(link?.status);
  await expect(page.getByTestId('source-list')).toContainText('port-2022');

  // a line that is not a URL is refused with a message, and nothing is created
  await page.goto('/documents');
  await page.getByLabel(/what should be written/i).fill('Write a report on the Port of Lisbon');
  await page.getByLabel(/links to read/i).fill('not a link');
  await page.getByRole('button', { name: /start writing/i }).click();
  await expect(page.getByRole('alert').filter({ hasText: /full URL/ })).toHaveText(/^Each line of links must be a full URL/);
  await expect(page).toHaveURL(/\/documents$/);
});
