import { describe, expect, it } from 'vitest';
import { askService, jsonSchemaFormat } from '@/tests/support/sse-test-client';
import { labelledLine } from '@/lib/llm/simulator/conversation';
import { parseStructuredJson } from '../steps/model-json';
import { askQuestionsPrompt, questionsReply } from './ask-questions';

const prompt = askQuestionsPrompt({
  request: 'Write a report\non tea',
  title: 'Tea',
  sectionTitles: ['Introduction', 'Market'],
  maxQuestions: 3,
});

describe('the questions step prompt', () => {
  it('caps the questions, allows none, and shows the planned sections', () => {
    expect(prompt.system.split('\n')[0]).toBe('Quire task: ask-questions');
    expect(prompt.system).toContain('at most 3 short questions');
    expect(prompt.system).toContain('an empty list when nothing is missing');
    expect(labelledLine(prompt.user, 'Sections')).toBe('Introduction; Market');
    expect(labelledLine(prompt.user, 'Request')).toBe('Write a report on tea');
  });

  it('gets the questions back as the JSON its schema describes', async () => {
    const reply = await askService(prompt, { responseFormat: jsonSchemaFormat(prompt.reply) });
    const { questions } = parseStructuredJson('questions', reply.content, questionsReply);
    expect(questions.length).toBeGreaterThanOrEqual(1);
    expect(questions.length).toBeLessThanOrEqual(3);
  });
});
