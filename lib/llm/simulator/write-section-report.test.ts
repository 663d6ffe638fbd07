import { describe, expect, it } from 'vitest';
import { factCheck } from '@/lib/documents/canvas/fact-check';
import { canonicalize } from '@/lib/documents/canvas/serialize-section';
import { chat, system, user } from '@/tests/support/sse-test-client';

async function writeSection(input: string): Promise<string> {
  const reply = await chat({ model: 'sim-swift', messages: [system('Quire task: write-section\nWrite Markdown.'), user(input)] });
  expect(reply.finishReason).toBe('stop');
  return reply.content;
}

const FACTS = {
  en: [
    'Northwind Traders opened its Lisbon warehouse in March 2021.',
    'The warehouse handles 4,200 orders a day.',
    'Delivery times in Portugal fell from 5 days to 2 days after the opening.',
    'Customer complaints dropped by 31 percent.',
    'The company employs 180 people in Lisbon.',
    'Most of them work in picking and packing.',
  ],
  ru: [
    'Склад в Лиссабоне открылся в марте 2021 года.',
    'Склад обрабатывает 4200 заказов в день.',
    'Сроки доставки сократились с 5 до 2 дней.',
    'Жалоб стало меньше на 31 процент.',
  ],
  zh: ['里斯本仓库于2021年3月启用。', '该仓库每天处理4200份订单。', '配送时间从5天缩短到2天。', '客户投诉减少了31%。'],
};

function input(section: string, brief: string, facts: string[]): string {
  return [
    `Document: Lisbon warehouse`,
    `Section: ${section}`,
    `Brief: ${brief}`,
    'Facts:',
    ...facts.map((f, i) => `[^${i + 1}] ${f}`),
  ].join('\n');
}

/** Blocks of the Markdown: paragraphs, lists and tables are separated by blank lines. */
function blocks(body: string): string[] {
  return body.split(/\n{2,}/).filter((b) => b.trim());
}

describe('the simulator writes a section that reads like a report', () => {
  it('several paragraphs, every fact cited, the rest of the facts as a table or a list, and nothing the fact check would flag', async () => {
    const brief = 'The main findings from the sources — the Lisbon warehouse';
    const body = await writeSection(input('Analysis', brief, FACTS.en));
    const paragraphs = blocks(body).filter((b) => !/^[|-]/.test(b));
    expect(paragraphs.length).toBeGreaterThanOrEqual(4);
    for (const i of FACTS.en.keys()) expect(body).toContain(`[^${i + 1}]`);
    expect(body).toMatch(/^\| .+ \|$/m.test(body) ? /^\| --- \| --- \|$/m : /^- .+\[\^\d+\]/m);
    expect(factCheck({ text: body, facts: FACTS.en, allowedSources: ['Analysis', brief] }).flags).toEqual([]);
    expect(canonicalize(body)).toBe(canonicalize(canonicalize(body)));
  });

  it('is deterministic, and the sections of one report differ in their prose and shape', async () => {
    const sections = ['Introduction', 'Background', 'Analysis', 'Recommendations', 'Conclusion'];
    const bodies = await Promise.all(
      sections.map((title) => writeSection(input(title, `About ${title.toLowerCase()} — the Lisbon warehouse`, FACTS.en))),
    );
    expect(await writeSection(input('Analysis', 'About analysis — the Lisbon warehouse', FACTS.en))).toBe(bodies[2]);
    const openings = new Set(bodies.map((b) => blocks(b)[0].replace(/about \w+/, '')));
    expect(openings.size).toBeGreaterThan(1);
    const shapes = new Set(bodies.map((b) => (/^\|/m.test(b) ? 'table' : 'list')));
    expect(shapes).toEqual(new Set(['table', 'list']));
  });

  it('writes Russian and Chinese sections the same way, with no unsupported figure or name', async () => {
    for (const [language, facts] of [
      ['ru', FACTS.ru],
      ['zh', FACTS.zh],
    ] as const) {
      const brief = language === 'ru' ? 'Основные выводы из источников' : '来自资料的主要发现';
      const body = await writeSection(input(language === 'ru' ? 'Анализ' : '分析', brief, facts));
      expect(blocks(body).length).toBeGreaterThanOrEqual(5);
      for (const i of facts.keys()) expect(body).toContain(`[^${i + 1}]`);
      expect(factCheck({ text: body, facts, allowedSources: [brief] }).flags).toEqual([]);
    }
  });

  it('a section without facts still has paragraphs and says what it is missing, as a list', async () => {
    const body = await writeSection(input('Risks', 'What could go wrong', []));
    expect(blocks(body).length).toBeGreaterThanOrEqual(4);
    expect(body).toMatch(/^- /m);
    expect(body).not.toMatch(/\[\^\d+\]/);
  });
});
