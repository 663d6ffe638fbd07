import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { prerenderSections } from '@/components/canvas/prerender-sections';
import { staticSectionNodes } from '@/components/canvas/static-section';
import { parseSection } from '@/lib/documents/canvas';

const html = (body: string, flags: Array<{ start: number; end: number }> = []) =>
  renderToStaticMarkup(createElement('div', null, staticSectionNodes(parseSection(body), flags)));

describe('a section drawn as static HTML (the first paint of the canvas)', () => {
  it('draws marks, links and footnote chips with the elements the editor draws', () => {
    expect(html('The warehouse opened in **2021**[^1]. See [the notes](https://example.com/notes).')).toBe(
      '<div><p>The warehouse opened in <strong>2021</strong><sup data-citation="1">[1]</sup>. See ' +
        '<a href="https://example.com/notes" target="_blank" rel="noopener noreferrer nofollow">the notes</a>.</p></div>',
    );
  });

  it('marks what the fact check flagged, at the same text the editor highlights, across marks and blocks', () => {
    const body = 'Opened in **2021** with 180 people.\n\n- Lisbon handles 4,200 orders';
    const flag = (token: string) => ({ start: body.indexOf(token), end: body.indexOf(token) + token.length });
    const markup = html(body, [flag('2021'), flag('180'), flag('4,200')]);
    const flagged = [...markup.matchAll(/<span class="canvas-flagged" data-highlight="flagged">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(flagged).toEqual(['2021', '180', '4,200']);
    expect(markup).toContain('<strong><span class="canvas-flagged" data-highlight="flagged">2021</span></strong>');
    expect(markup.replace(/<[^>]+>/g, '')).toBe('Opened in 2021 with 180 people.Lisbon handles 4,200 orders');
  });

  it('highlights code blocks as the editor does', () => {
    expect(html('```sh\nnpm ci # twice\n```')).toContain(
      '<pre><code class="language-sh">npm ci <span class="hljs-comment"># twice</span></code></pre>',
    );
  });

  it('the page renders every section once per version: the text it was drawn from travels with it', () => {
    const sections = [
      { id: 's1', position: 1, title: 'One', status: 'written', version: 3, body: 'Hello **world**.', flags: [], citations: [] },
    ];
    const [first] = Object.values(prerenderSections(sections));
    expect(first.version).toBe(3);
    expect(first.body).toBe('Hello **world**.');
    expect(renderToStaticMarkup(createElement('div', null, first.html))).toBe('<div><p>Hello <strong>world</strong>.</p></div>');
  });
});
