import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstJsonObject, InvalidModelOutputError, parseModelJson } from './model-json';

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
});
