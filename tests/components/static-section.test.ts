import { describe, expect, it } from 'vitest';
import { prerenderSections } from '@/components/canvas/prerender-sections';
import { staticSectionHtml } from '@/components/canvas/static-section-html';
import { parseSection } from '@/lib/documents/canvas';

const html = (body: string, flags: Array<{ start: number; end: number }> = []) => staticSectionHtml(parseSection(body), flags);

describe('a section drawn as static HTML (the first paint of the canvas)', () => {
  it('draws marks, links and footnote chips with the elements the editor draws', () => {
    expect(html('The warehouse opened in **2021**[^1]. See [the notes](https://example.com/notes).')).toBe(
      '<p>The warehouse opened in <strong>2021</strong><sup data-citation="1" tabindex="0" role="button" aria-haspopup="dialog">[1]</sup>. See ' +
        '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/notes">the notes</a>.</p>',
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

  it('escapes the text and drops links the editor would not follow', () => {
    expect(html('Use `<script>` & "quotes" [here](javascript:alert(1)) or [there](java%0Ascript:x)')).toBe(
      '<p>Use <code>&lt;script&gt;</code> &amp; &quot;quotes&quot; ' +
        '<a target="_blank" rel="noopener noreferrer nofollow" href="">here</a> or ' +
        '<a target="_blank" rel="noopener noreferrer nofollow" href="java%0Ascript:x">there</a></p>',
    );
  });

  it('the page renders every section once per version, as one string', () => {
    const sections = [
      { id: 's1', position: 1, title: 'One', status: 'written', version: 3, body: 'Hello **world**.', flags: [], citations: [] },
    ];
    expect(prerenderSections(sections)).toEqual({
      s1: { version: 3, html: '<p>Hello <strong>world</strong>.</p>', doc: parseSection('Hello **world**.') },
    });
  });

  it('sends the first screens ready to edit (their parsed text), and only them', () => {
    const long = `${'The warehouse in Lisbon ships every day. '.repeat(100)}\n\n- one\n- two`;
    const sections = [1, 2, 3, 4].map((position) => ({
      id: `s${position}`,
      position,
      title: `Part ${position}`,
      status: 'written',
      version: 1,
      body: long,
      flags: [],
      citations: [],
    }));
    const drawn = prerenderSections(sections);
    expect(Object.keys(drawn)).toEqual(['s1', 's2', 's3', 's4']);
    const parsed = Object.entries(drawn).filter(([, section]) => section.doc);
    expect(parsed.map(([id]) => id)).toEqual(['s1', 's2']); // about 6,000 characters: two sections of 4,100
    for (const [, section] of parsed) expect(section.doc).toEqual(parseSection(long));
  });
});
