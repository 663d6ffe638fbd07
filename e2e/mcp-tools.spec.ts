import path from 'node:path';
import { expect, test } from '@playwright/test';
import { e2ePorts } from './ports';
import { removeDataDir, startQuire, type QuireProcess } from './server-process';
import { signUpInBrowser, uniqueEmail } from './support';

// A server whose operator lists the reference MCP server from npm in MCP_SERVERS, allowing its `echo` tool only.
// The simulated model calls the tool when asked with [sim:call=…], as a real model calls a tool it is offered.
test.describe('tools from an MCP server in the chat', () => {
  const port = e2ePorts.mcpServer;
  const dataDir = `.data-e2e-mcp-${port}`;
  let server: QuireProcess | undefined;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    removeDataDir(dataDir);
    const everything = path.resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
    server = await startQuire(port, dataDir, {
      MCP_SERVERS: JSON.stringify([{ id: 'everything', command: process.execPath, args: [everything, 'stdio'], tools: ['echo'] }]),
    });
  });
  test.afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    removeDataDir(dataDir);
  });

  for (const { width, height, name } of [
    { width: 1280, height: 800, name: 'wide' },
    { width: 390, height: 844, name: 'phone' },
  ]) {
    test(`the answer shows the tool the model called, its arguments and its result (${name})`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ baseURL: server!.url, viewport: { width, height } });
      const page = await context.newPage();
      await signUpInBrowser(page, uniqueEmail(`mcp-${name}`));
      await expect(page).toHaveURL(/\/chats\//);

      await page
        .getByTestId('chat-input')
        .fill('What does the echo tool say to "hello from the browser"? [sim:call=everything__echo {"message":"hello from the browser"}]');
      await page.getByTestId('send-button').click();
      const answer = page.getByTestId('message-assistant').last();
      await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });
      // the model answered from the tool's result
      await expect(answer).toContainText('Echo: hello from the browser');

      const call = answer.getByTestId('tool-call');
      await expect(call).toHaveAttribute('data-tool', 'everything__echo');
      await expect(call).toContainText('Used the tool everything__echo');
      await expect(call).toContainText(/\d+ ms/);
      // opened from the keyboard: the arguments the model sent and what the server returned
      await call.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(call.getByText('Arguments')).toBeVisible();
      await expect(call.locator('pre').first()).toContainText('"message": "hello from the browser"');
      await expect(call.locator('pre').nth(1)).toHaveText('Echo: hello from the browser');
      await page.screenshot({ path: `test-results/mcp-tools-${name}.png` });

      // and after a reload, from what was saved with the answer
      await page.reload();
      const saved = page.getByTestId('message-assistant').last().getByTestId('tool-call');
      await saved.locator('summary').click();
      await expect(saved.locator('pre').nth(1)).toHaveText('Echo: hello from the browser');
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: `test-results/mcp-tools-${name}-dark.png` });
      await context.close();
    });
  }
});
