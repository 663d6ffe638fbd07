import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as exportRoute } from '@/app/api/documents/[id]/export/route';
import type { App } from '@/lib/app';
import { cookieOf, jsonRequest, serveTestApp, signUp } from '@/tests/support/auth-client';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';

// A Russian document downloaded through the route as Word and PDF: the right type, a file name from the title, readable text.
describe('exporting a document as Word and PDF', () => {
  let db: TestDatabase;
  let app: App;
  let cookie: string;
  let otherCookie: string;
  let documentId: string;

  const download = (format: string, as = cookie) =>
    exportRoute(jsonRequest(`/api/documents/${documentId}/export?format=${format}`, { cookie: as }), {
      params: Promise.resolve({ id: documentId }),
    });

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    app = await serveTestApp(db);
    cookie = cookieOf(await signUp(app, { email: 'writer@example.com' }));
    otherCookie = cookieOf(await signUp(app, { email: 'someone-else@example.com' }));
    const owner = await db.prisma.user.findUniqueOrThrow({ where: { email: 'writer@example.com' } });
    const document = await db.prisma.document.create({
      data: {
        ownerId: owner.id,
        request: 'Напиши отчёт о складе',
        title: 'Склад в Лиссабоне: отчёт',
        model: 'sim-swift',
        sections: {
          create: [
            { position: 1, title: 'Открытие', brief: '', status: 'written', body: 'Склад открылся в марте 2021 года.\n\n- Заказы\n- Люди' },
          ],
        },
      },
    });
    documentId = document.id;
  }, 60_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it('as DOCX: the Word type, named after the title, headings and list as Word reads them', async () => {
    const response = await download('docx');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Склад-в-Лиссабоне-отчёт.docx')}`);
    const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(await response.arrayBuffer()) });
    expect(value).toBe(
      '<h1>Склад в Лиссабоне: отчёт</h1><h2>Открытие</h2><p>Склад открылся в марте 2021 года.</p><ul><li>Заказы</li><li>Люди</li></ul>',
    );
  });

  it('as PDF: application/pdf, named after the title, its Cyrillic text extractable', async () => {
    const response = await download('pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Склад-в-Лиссабоне-отчёт.pdf')}`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), { mergePages: true });
    expect(text.replace(/\s+/g, ' ').trim()).toBe('Склад в Лиссабоне: отчёт Открытие Склад открылся в марте 2021 года. • Заказы • Люди');
  });

  it('refuses a format it does not make with a 400, and hides the document from someone it is not shared with', async () => {
    expect((await download('odt')).status).toBe(400);
    expect((await download('pdf', otherCookie)).status).toBe(404);
  });
});
