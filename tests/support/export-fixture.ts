import type { ExportedDocument } from '@/lib/documents/export/load-export';

const READ = new Date('2026-11-30T10:00:00Z');

/** A document with every kind of block an export walks, two footnotes and one cited source, for the format tests. */
export function exportFixture(language: 'en' | 'ru' = 'en'): ExportedDocument {
  if (language === 'ru') {
    return {
      title: 'Склад в Лиссабоне',
      type: 'report',
      summary: 'Краткий отчёт о складе.',
      sections: [
        {
          position: 1,
          title: 'Открытие',
          body: 'Склад открылся в марте 2021 года.[^1]\n\n### Заказы\n\n- Четыре тысячи заказов в день[^2]\n- Сто восемьдесят сотрудников',
          flagged: false,
        },
      ],
      footnotes: [
        footnote('Заметки о складе', 'Склад открылся в марте 2021 года.', 'https://example.com/sklad'),
        footnote('Заметки о складе', 'Склад обрабатывает 4200 заказов в день.', 'https://example.com/sklad'),
      ],
      sources: [{ title: 'Заметки о складе', url: 'https://example.com/sklad', kind: 'web', readAt: READ }],
    };
  }
  return {
    title: 'The Lisbon warehouse',
    type: 'report',
    summary: 'A short report.',
    sections: [
      {
        position: 1,
        title: 'Opening',
        body: [
          'Northwind opened its **Lisbon** warehouse in March 2021.[^1] See [the site](https://example.com/site).',
          '### Orders',
          '1. Picking\n2. Packing[^2]',
          '- Lisbon\n- Porto',
          '| City | Orders |\n| --- | --- |\n| Lisbon | 4200 |',
          '```js\nconst orders = 4200;\n```',
        ].join('\n\n'),
        flagged: false,
      },
      { position: 2, title: 'Staff', body: 'The warehouse employs 180 people.[^1]', flagged: true },
    ],
    footnotes: [
      footnote('Warehouse notes', 'The Lisbon warehouse opened in March 2021.', 'https://example.com/notes'),
      footnote('Warehouse notes', 'It handles 4,200 orders a day.', 'https://example.com/notes'),
    ],
    sources: [{ title: 'Warehouse notes', url: 'https://example.com/notes', kind: 'web', readAt: READ }],
  };
}

function footnote(sourceTitle: string, quote: string, url: string): ExportedDocument['footnotes'][number] {
  return { sourceTitle, unit: 'paragraph', number: 2, fact: quote, quote, url, readAt: READ };
}
