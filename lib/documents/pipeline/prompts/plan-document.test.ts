import { describe, expect, it } from 'vitest';
import { askService, jsonSchemaFormat } from '@/tests/support/sse-test-client';
import { labelledLine } from '@/lib/llm/simulator/conversation';
import { InvalidModelOutputError, parseModelJson, parseStructuredJson } from '../steps/model-json';
import { report } from '@/lib/documents/kinds/report';
import { outlineReply, planDocumentPrompt } from './plan-document';

const prompt = planDocumentPrompt({
  type: report,
  request: 'Write a report on the Lisbon\nwarehouse',
  title: 'Lisbon warehouse',
  sections: 4,
});

describe('the plan step prompt', () => {
  it('starts from the type template and says how many sections to plan', () => {
    expect(prompt.system.split('\n')[0]).toBe('Quire task: plan-document');
    expect(prompt.system).toContain(`Plan a ${report.label.toLowerCase()}`);
    for (const t of report.sectionTemplates) expect(prompt.user).toContain(`Template: ${t.title} — ${t.purpose}`);
    expect(labelledLine(prompt.user, 'Sections')).toBe('4');
    expect(labelledLine(prompt.user, 'Request')).toBe('Write a report on the Lisbon warehouse');
  });

  it('a model with structured output answers with the outline as bare JSON', async () => {
    const reply = await askService(prompt, { responseFormat: jsonSchemaFormat(prompt.reply) });
    const outline = parseStructuredJson('plan', reply.content, outlineReply);
    expect(outline.sections).toHaveLength(4);
    expect(outline.sections.every((s) => s.title.length > 0)).toBe(true);
  });

  it('a model without it wraps the JSON in prose: only the tolerant parser reads that', async () => {
    const reply = await askService(prompt, { model: 'sim-mini' });
    expect(reply.content).toMatch(/^Here is the JSON/);
    expect(() => parseStructuredJson('plan', reply.content, outlineReply)).toThrow(InvalidModelOutputError);
    expect(parseModelJson('plan', reply.content, outlineReply).sections).toHaveLength(4);
  });
});
