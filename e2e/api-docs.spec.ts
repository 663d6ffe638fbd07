import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test.describe('the API documentation', () => {
  test('/docs/api lists the operations by tag without a session, and passes an accessibility check', async ({ page }) => {
    await page.goto('/docs/api');
    await expect(page.getByRole('heading', { level: 1, name: 'Quire HTTP API' })).toBeVisible();
    const chats = page.getByRole('region', { name: 'Chats', exact: true });
    const send = chats.getByRole('article', { name: 'POST /api/chats/{id}/messages', exact: true });
    await expect(send).toBeVisible();
    await expect(send.getByRole('rowheader', { name: 'text', exact: true })).toBeVisible();
    // a message may be empty only beside files: the limit and that rule, in the cell
    await expect(send.getByRole('cell', { name: /^at most 6,000 characters; .*may be empty/ })).toBeVisible();
    await expect(send.getByText('A turn is already live in this chat.')).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });

  test('/api/openapi.json serves the same document as OpenAPI 3.1 JSON', async ({ request }) => {
    const response = await request.get('/api/openapi.json');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/json');
    const doc = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    // reading a chat's older messages, and sending one
    expect(Object.keys(doc.paths['/api/chats/{id}/messages']).sort()).toEqual(['get', 'post']);
  });
});
