import { describe, expect, it } from 'vitest';
import { chat, system, TOOL, user } from '@/tests/support/sse-test-client';

async function runTask(task: string, input: string, model = 'sim-swift') {
  const reply = await chat({
    model,
    messages: [system(`Quire task: ${task}\nFollow the format.`), user(input)],
    tools: [TOOL('search_docs')],
  });
  expect(reply.toolCalls).toHaveLength(0);
  expect(reply.finishReason).toBe('stop');
  return reply.content;
}

const SOURCES = [
  '[src-a#1] Solar capacity in Spain reached 25 GW in 2023. Most of it is in Andalusia.',
  '[src-a#2] The grid operator Red Eléctrica curtails output on sunny spring days. Prices sometimes fall to zero.',
  '[src-b#1] Rooftop installations doubled between 2020 and 2022. Households cite lower bills.',
  '[src-b#4] Battery storage remains scarce. Developers plan 4 GW of storage by 2030.',
].join('\n');

describe('service tasks', () => {
  it('summarize-chat summarises in the conversation language', async () => {
    const en = await runTask('summarize-chat', 'user: I use Windows 11 and the app crashes on start.\nassistant: Try reinstalling.');
    expect(en).toMatch(/^Summary of the conversation: .*Windows 11/);
    const ru = await runTask('summarize-chat', 'user: У меня не работает экспорт в PDF.\nassistant: Обновите приложение.');
    expect(ru).toMatch(/^Кратко о разговоре: .*экспорт в PDF/);
  });

  it('classify-document picks one of the given types and a title', async () => {
    const reply = JSON.parse(
      await runTask('classify-document', 'Types: article, report, proposal\nRequest: Write a report on solar energy in Spain'),
    );
    expect(reply).toEqual({ type: 'report', title: 'Report on solar energy in Spain' });
    const ru = JSON.parse(
      await runTask('classify-document', 'Types: article, report, proposal\nRequest: Напиши отчёт о рынке электромобилей'),
    );
    expect(ru.type).toBe('report');
    expect(ru.title).toMatch(/рынке электромобилей/i);
  });

  it('plan-document follows the template lines and the section count', async () => {
    const input =
      'Request: Write a report on solar energy\nTemplate: Summary — the key findings\nTemplate: Market — size and growth\nTemplate: Risks — what could go wrong';
    const plan = JSON.parse(await runTask('plan-document', input));
    expect(plan.sections.map((s: { title: string }) => s.title)).toEqual(['Summary', 'Market', 'Risks']);
    expect(plan.sections[1].brief).toMatch(/size and growth/);
    const two = JSON.parse(await runTask('plan-document', `${input}\nSections: 2`));
    expect(two.sections).toHaveLength(2);
    const five = JSON.parse(await runTask('plan-document', `${input}\nSections: 5`));
    expect(five.sections).toHaveLength(5);
  });

  it('ask-questions asks 1–3 questions in the request language', async () => {
    for (const [request, script] of [
      ['Write a report on solar energy', /[A-Za-z]/],
      ['Напиши отчёт о солнечной энергетике', /\p{Script=Cyrillic}/u],
      ['写一份关于太阳能的报告', /\p{Script=Han}/u],
    ] as const) {
      const { questions } = JSON.parse(await runTask('ask-questions', `Request: ${request}`));
      expect(questions.length).toBeGreaterThanOrEqual(1);
      expect(questions.length).toBeLessThanOrEqual(3);
      for (const question of questions) expect(question).toMatch(script);
    }
  });

  it('research-round takes 2–3 sentences verbatim from the sources, different per round', async () => {
    const picks: string[][] = [];
    for (const round of [1, 2, 3]) {
      const { facts } = JSON.parse(await runTask('research-round', `Section: Market size\nRound: ${round}\n${SOURCES}`));
      expect(facts.length).toBeGreaterThanOrEqual(2);
      expect(facts.length).toBeLessThanOrEqual(3);
      for (const fact of facts) {
        const line = SOURCES.split('\n').find((l) => l.startsWith(`[${fact.sourceId}#${fact.paragraph}]`));
        expect(line, JSON.stringify(fact)).toBeDefined();
        expect(line).toContain(fact.text);
      }
      picks.push(facts.map((f: { text: string }) => f.text).sort());
    }
    expect(picks[0]).not.toEqual(picks[1]);
    expect(picks[1]).not.toEqual(picks[2]);
    const again = JSON.parse(await runTask('research-round', `Section: Market size\nRound: 2\n${SOURCES}`));
    expect(again.facts.map((f: { text: string }) => f.text).sort()).toEqual(picks[1]);
  });

  const SECTION = [
    'Section: Market',
    'Brief: Size and growth of the market',
    '[^1] Solar capacity in Spain reached 25 GW in 2023.',
    '[^2] Rooftop installations doubled between 2020 and 2022.',
    '[^3] Developers plan 4 GW of storage by 2030.',
  ].join('\n');

  it('write-section cites every fact and uses only their numbers and names', async () => {
    const body = await runTask('write-section', SECTION);
    for (const marker of ['[^1]', '[^2]', '[^3]']) expect(body).toContain(marker);
    const numbers = body.replace(/\[\^\d+\]/g, '').match(/\d+(?:\.\d+)?%?/g) ?? [];
    for (const number of numbers) expect(SECTION).toContain(number);
    expect(body).toContain('Spain');
    expect(body).not.toContain('Zebulon');
  });

  it('[sim:hallucinate] adds an invented figure and name; -once stops at Regeneration: 1', async () => {
    const invented = await runTask('write-section', `${SECTION}\n[sim:hallucinate]`);
    expect(invented).toContain('73.4%');
    expect(invented).toContain('Zebulon Quark');
    expect(await runTask('write-section', `${SECTION}\n[sim:hallucinate-once]`)).toContain('Zebulon Quark');
    expect(await runTask('write-section', `${SECTION}\nRegeneration: 1\n[sim:hallucinate-once]`)).not.toContain('Zebulon Quark');
  });

  it('summarize-document lists what the document covers', async () => {
    const summary = await runTask('summarize-document', '## Market\n\nSolar grew.[^1]\n\n## Risks\n\nStorage is scarce.');
    expect(summary).toBe('This document covers Market, Risks.');
  });

  it('an unknown task gets a plain answer', async () => {
    const reply = await runTask('compose-haiku', 'Tell me about autumn');
    expect(reply).toContain('autumn');
  });

  it('a reasoning model keeps the JSON in content and its thinking in reasoning_content', async () => {
    const reply = await chat({
      model: 'sim-reasoner',
      messages: [system('Quire task: ask-questions'), user('Request: Write a report on tea')],
    });
    expect(reply.reasoning).toContain('ask-questions');
    expect(JSON.parse(reply.content).questions.length).toBeGreaterThan(0);
  });
});
