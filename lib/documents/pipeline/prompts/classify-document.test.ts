import { describe, expect, it } from 'vitest';
import { askService, jsonSchemaFormat } from '@/tests/support/sse-test-client';
import { labelledLine } from '@/lib/llm/simulator/conversation';
import { DOCUMENT_TYPES } from '@/lib/documents/kinds/registry';
import { parseStructuredJson } from '../steps/model-json';
import { classificationReply, classifyDocumentPrompt } from './classify-document';

const prompt = classifyDocumentPrompt({ request: 'Write a report\non solar   energy in Spain', types: DOCUMENT_TYPES });

describe('the type step prompt', () => {
  it('names its task, lists and explains every type, and puts the request on one labelled line', () => {
    expect(prompt.system.split('\n')[0]).toBe('Quire task: classify-document');
    for (const type of DOCUMENT_TYPES) expect(prompt.system).toContain(`- ${type.key}: ${type.description}`);
    expect(labelledLine(prompt.user, 'Types')).toBe(DOCUMENT_TYPES.map((t) => t.key).join(', '));
    expect(labelledLine(prompt.user, 'Request')).toBe('Write a report on solar energy in Spain');
  });

  it('gets a type and a title back as exactly the JSON its schema describes', async () => {
    const reply = await askService(prompt, { responseFormat: jsonSchemaFormat(prompt.reply) });
    const parsed = parseStructuredJson('type', reply.content, classificationReply);
    expect(parsed).toEqual({ type: 'report', title: 'Report on solar energy in Spain' });
  });
});
