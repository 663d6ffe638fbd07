import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ApiDocsPage from '@/app/docs/api/page';
import { buildOpenApi } from '@/lib/http/openapi/build-openapi';
import { schemaFields } from '@/lib/http/openapi/schema-fields';

const doc = buildOpenApi();
const html = renderToStaticMarkup(createElement(ApiDocsPage));
const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the /docs/api page', () => {
  it('has one section per tag, each a heading in the page outline', () => {
    expect(html.match(/<h1/g)).toHaveLength(1);
    for (const tag of doc.tags) expect(html).toContain(`id="tag-${tag.name.toLowerCase()}"`);
  });

  it('lists every operation of the document with its method and path', () => {
    const count = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(html.match(/<article/g)).toHaveLength(count);
    expect(text).toContain('POST /api/chats/{id}/messages');
    expect(text).toContain('DELETE /api/staff/invites/{id}');
  });

  /** One operation's entry as the words a reader sees. */
  const entryText = (operationId: string) => {
    const from = html.slice(html.indexOf(`id="${operationId}"`));
    return from
      .slice(0, from.indexOf('</article>'))
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
  };

  it('shows a body field with its limits and the response codes', () => {
    const entry = entryText('postApiChatsByIdMessages');
    expect(entry).toContain('text string yes at most 6,000 characters');
    expect(entry).toMatch(/409 A turn is already live/);
    expect(entry).toMatch(/401 No valid session cookie/);
  });

  it("shows a JSON answer's fields, nested ones by their path", () => {
    const entry = entryText('getApiDocumentsByIdLive');
    expect(entry).toContain('200 answer Name Type Required');
    expect(entry).toContain('sections[].savedBy object | null yes');
    expect(entry).toContain('sections[].savedBy.name string yes');
    expect(entry).toContain('sections[].savedAt string (date-time) | null yes');
  });

  it('shows each shape of an answer that takes one of several, and answers that are lists', () => {
    const rewrite = entryText('postApiSectionsByIdRewrite');
    expect(rewrite).toContain('200 answer: applied: true');
    expect(rewrite).toContain('200 answer: applied: false');
    expect(entryText('getApiAuthGetSession')).toContain('200 answer (or null)');
    expect(entryText('getApiNotifications')).toContain('200 answer: an array, each item');
    expect(entryText('postApiStaffCredits')).toContain('200, 201 answer');
  });

  it('links the machine-readable document', () => {
    expect(html).toContain('href="/api/openapi.json"');
  });
});

describe('schema fields as people read them', () => {
  it('flattens objects inside arrays and words the limits', () => {
    const body = doc.paths['/api/documents/{id}/answers'].post.requestBody!.content['application/json']!.schema as Record<string, unknown>;
    expect(schemaFields(body)).toEqual([
      { name: 'answers', type: 'object[]', required: true, notes: ['1–10 items'] },
      { name: 'answers[].questionId', type: 'string', required: true, notes: ['1–100 characters'] },
      { name: 'answers[].text', type: 'string', required: true, notes: ['1–2,000 characters'] },
    ]);
  });

  it('names the shapes a union of objects takes', () => {
    const body = doc.paths['/api/documents'].post.requestBody!.content['application/json']!.schema as Record<string, unknown>;
    const sources = schemaFields(body).find((f) => f.name === 'sources')!;
    expect(sources.notes).toContain('each one of: {kind: "text", title?, content} or {kind: "url", url}');
  });
});
