import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { signUpApi, signUpInBrowser, signUpStaffInBrowser, uniqueEmail, writtenDocument } from './support';

/**
 * axe-core on every page and dialog, in the light and the dark theme (the
 * app follows the system's colour scheme until a person picks one). Serious
 * and critical violations fail. Each page or dialog is opened once and read
 * in both themes: the theme follows the system's change live, and only the
 * rules about colour can find something new in the second one (names, roles,
 * labels and structure do not change with it), so that scan runs those rules.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

interface Check {
  /** what is on screen, for the failure message */
  name: string;
  /** navigates and opens what is to be checked */
  open(page: Page): Promise<void>;
}

async function expectNoSeriousViolations(page: Page, what: string, rules?: string[]): Promise<void> {
  // wait for the fonts and for transitions (dialog fade-in, colour transitions) to settle before colours are read
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(250);
  const axe = new AxeBuilder({ page });
  const results = await (rules ? axe.withRules(rules) : axe).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map((node) => `  ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1, 3).join(' ')}`).join('\n')}`,
    );
  // soft: one run reports every page and theme that fails, not only the first
  expect.soft(serious, `axe on ${what}`).toEqual([]);
}

async function checkInBothThemes(page: Page, checks: Check[]): Promise<void> {
  for (const check of checks) {
    await page.emulateMedia({ colorScheme: 'light' });
    await check.open(page);
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await expectNoSeriousViolations(page, `${check.name}, light theme`);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expectNoSeriousViolations(page, `${check.name}, dark theme`, COLOUR_RULES);
  }
}

const visit = (name: string, url: string, ready: (page: Page) => Promise<void> = async () => {}): Check => ({
  name,
  open: async (page) => {
    await page.goto(url);
    await ready(page);
  },
});

// The API reference (/docs/api) is left out: axe needs minutes on its thousands of nodes on a busy machine.
test('signed out: sign-in and sign-up', async ({ page }) => {
  test.setTimeout(120_000);
  await checkInBothThemes(page, [
    visit('sign-in', '/sign-in', (p) => expect(p.getByRole('button', { name: /sign in/i })).toBeVisible()),
    visit('sign-up', '/sign-up', (p) => expect(p.getByRole('button', { name: 'Create account' })).toBeVisible()),
  ]);
});

test('chat: an answer with its sources and document cards, the chat menu, the delete confirmation, the phone drawer', async ({ page }) => {
  test.setTimeout(420_000);
  await signUpInBrowser(page, uniqueEmail('a11y-chat'));
  await expect(page).toHaveURL(/\/chats\//);
  const chatPath = new URL(page.url()).pathname;
  // Started, Questions, Done and Updated cards in the chat
  const document = await writtenDocument(page.request, { chatId: chatPath.split('/').pop() });
  const section = document.sections[0];
  expect(
    (
      await page.request.patch(`/api/sections/${section.id}`, {
        data: { body: `${section.body}\n\nOne more line.`, baseVersion: section.version },
      })
    ).status(),
  ).toBe(200);
  await page.goto(chatPath);
  const chat = new ChatPage(page);
  await chat.send('How do I export a chat to PDF?');
  await chat.waitForSettled();

  const conversation = visit('chat', chatPath, (p) => expect(p.locator('[data-event="document_updated"]')).toBeVisible());
  await checkInBothThemes(page, [
    conversation,
    {
      name: 'the chat menu',
      open: async (p) => {
        await conversation.open(p);
        await p
          .getByRole('button', { name: /^Actions for/ })
          .first()
          .click();
        await expect(p.getByRole('menu')).toBeVisible();
      },
    },
    {
      name: 'the delete confirmation',
      open: async (p) => {
        await conversation.open(p);
        await p
          .getByRole('button', { name: /^Actions for/ })
          .first()
          .click();
        await p.getByRole('menuitem', { name: /delete/i }).click();
        await expect(p.getByRole('alertdialog')).toBeVisible();
      },
    },
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await checkInBothThemes(page, [
    conversation,
    {
      name: 'the phone drawer',
      open: async (p) => {
        await conversation.open(p);
        await p.getByRole('button', { name: 'Open menu' }).click();
        await expect(p.getByRole('dialog')).toBeVisible();
      },
    },
  ]);
});

test('documents: the list with a notification, a written document, its History and Share panels, the wallet', async ({ page, browser }) => {
  test.setTimeout(420_000);
  const ownerContext = await browser.newContext();
  const owner = ownerContext.request;
  await signUpApi(owner, uniqueEmail('a11y-owner'));
  const document = await writtenDocument(owner);
  const email = await signUpInBrowser(page, uniqueEmail('a11y-reader'));
  expect((await owner.post(`/api/documents/${document.id}/members`, { data: { email, role: 'editor' } })).status()).toBe(201);
  const mine = await writtenDocument(page.request);

  const documentPage = visit('a document', `/documents/${mine.id}`, (p) => expect(p.getByTestId('canvas-editor').first()).toBeVisible());
  await checkInBothThemes(page, [
    {
      name: 'documents with a notification',
      open: async (p) => {
        // sharing again renews the notification that opening the shared document (below) read
        expect((await owner.post(`/api/documents/${document.id}/members`, { data: { email, role: 'editor' } })).status()).toBe(201);
        await p.goto('/documents');
        await expect(p.getByTestId('notifications')).toBeVisible();
      },
    },
    documentPage,
    {
      name: 'the History dialog',
      open: async (p) => {
        await documentPage.open(p);
        await p.getByRole('button', { name: 'History' }).first().click();
        await expect(p.getByRole('dialog').getByTestId('version-row').first()).toBeVisible();
      },
    },
    {
      name: 'the Share dialog',
      open: async (p) => {
        await documentPage.open(p);
        await p.getByRole('button', { name: 'Share' }).click();
        await expect(p.getByRole('dialog').getByText('Not shared with anyone yet.')).toBeVisible();
      },
    },
    visit('a shared document as its editor', `/documents/${document.id}`, (p) =>
      expect(p.getByTestId('canvas-editor').first()).toBeVisible(),
    ),
    visit('wallet', '/wallet', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()),
  ]);
  await ownerContext.close();
});

test('staff: transcripts, one transcript, the ledger, invites, the audit log', async ({ page }) => {
  test.setTimeout(300_000);
  await signUpStaffInBrowser(page, 'a11y-staff@example.com');
  const chat = new ChatPage(page);
  await page.goto('/');
  await page.waitForURL(/\/chats\//);
  const chatId = new URL(page.url()).pathname.split('/').pop();
  await chat.send('Tell me about tea [sim:list 3]');
  await chat.waitForSettled();
  await checkInBothThemes(page, [
    visit('transcripts', '/staff', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()),
    visit('a transcript', `/staff/transcripts/${chatId}`, (p) => expect(p.getByTestId('message-assistant').first()).toBeVisible()),
    visit('staff ledger', '/staff/ledger', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()),
    visit('invites', '/staff/invites', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()),
    visit('audit log', '/staff/audit', (p) => expect(p.getByTestId('audit-row').first()).toBeVisible()),
  ]);
});
