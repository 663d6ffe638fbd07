import { describe, expect, it } from 'vitest';
import { plainTextOfMarkdown } from './markdown-plain';

describe('the words of Markdown as a reader sees them', () => {
  it('drops emphasis, headings, link targets, code fences and table pipes, and keeps every word apart', () => {
    const markdown = [
      '## Setup steps',
      '',
      'Run **`npm install`**, then read [the guide](https://example.com/guide) for the *picnic* list.',
      '',
      '- bread',
      '- cheese',
      '',
      '| item | qty |',
      '|---|---|',
      '| apples | 3 |',
      '',
      '```sh',
      'npm start',
      '```',
      '> quoted ~~old~~ text ![a map](map.png)',
    ].join('\n');
    expect(plainTextOfMarkdown(markdown)).toBe(
      'Setup steps Run npm install, then read the guide for the picnic list. bread cheese item qty apples 3 npm start quoted old text a map',
    );
  });

  it('leaves plain text as it is, Chinese and Russian included', () => {
    expect(plainTextOfMarkdown('我下个月去上海出差')).toBe('我下个月去上海出差');
    expect(plainTextOfMarkdown('Привет, как дела?')).toBe('Привет, как дела?');
  });
});
