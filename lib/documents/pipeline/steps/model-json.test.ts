import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstJsonObject, InvalidModelOutputError, parseModelJson, readReplyJson } from './model-json';

describe('reading the JSON a model was asked for', () => {
  it('takes the first balanced object out of prose and code fences, braces inside strings included', () => {
    expect(firstJsonObject('Sure! ```json\n{"a": {"b": "}"}}\n``` done {"c": 1}')).toBe('{"a": {"b": "}"}}');
    expect(firstJsonObject('no json here')).toBeNull();
    expect(firstJsonObject('{"open": true')).toBeNull();
  });

  it('validates the shape and says what was wrong, so the step retries', () => {
    const schema = z.object({ questions: z.array(z.string()) });
    expect(parseModelJson('questions', 'Here: {"questions": ["Who?"]}', schema)).toEqual({ questions: ['Who?'] });
    expect(() => parseModelJson('questions', '{"questions": "Who?"}', schema)).toThrow(InvalidModelOutputError);
    expect(() => parseModelJson('questions', 'I cannot help with that.', schema)).toThrow(/no JSON object/);
  });

  it('reads a structured reply whole, and falls back to digging when a provider wrapped it anyway', () => {
    const schema = z.object({ questions: z.array(z.string()) });
    const fenced = 'Here you go:\n```json\n{"questions": ["Who?"]}\n```';
    expect(readReplyJson('questions', ' {"questions": ["Who?"]}\n', schema, true)).toEqual({ questions: ['Who?'] });
    // a provider that accepts json_schema and still answers in a fence (Claude behind OpenRouter)
    expect(readReplyJson('questions', fenced, schema, true)).toEqual({ questions: ['Who?'] });
    expect(() => readReplyJson('questions', '', schema, true)).toThrow(InvalidModelOutputError);
    expect(() => readReplyJson('questions', '{"questions": ["Who', schema, true)).toThrow(InvalidModelOutputError);
    expect(readReplyJson('questions', fenced, schema, false)).toEqual({ questions: ['Who?'] });
  });

  it.each([
    ['trailing commas', '{"questions": ["Who?", "When?",],}'],
    ['single quotes', "{'questions': ['Who?', 'When?']}"],
    ['a brace in the prose before it', 'Use {curly} braces sparingly. {"questions": ["Who?", "When?"]}'],
    ['a fence without a language', 'Sure.\n```\n{"questions": ["Who?", "When?"]}\n```\nAnything else?'],
    ['an apostrophe inside a double-quoted string', `{"questions": ["Who?", "When?"], "note": "it's fine"}`],
  ])('reads JSON written with %s', (_what, reply) => {
    const schema = z.object({ questions: z.array(z.string()) });
    expect(parseModelJson('questions', reply, schema)).toMatchObject({ questions: ['Who?', 'When?'] });
  });
});
