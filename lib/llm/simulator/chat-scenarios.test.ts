import { describe, expect, it } from 'vitest';
import { chat, TOOL, user } from '@/tests/support/sse-test-client';

const ALL_TOOLS = [TOOL('search_docs'), TOOL('remember_fact'), TOOL('start_document')];
const ask = (text: string, tools = ALL_TOOLS) => chat({ messages: [user(text)], tools });
const onlyToolCall = async (text: string) => {
  const reply = await ask(text);
  expect(reply.content, text).toBe('');
  expect(reply.finishReason, text).toBe('tool_calls');
  expect(reply.toolCalls, text).toHaveLength(1);
  return { name: reply.toolCalls[0].name, args: JSON.parse(reply.toolCalls[0].arguments) };
};

describe('plain answers in the user language', () => {
  it.each([
    ['Tell me about black holes', /black holes/, /[A-Za-z]/],
    ['Расскажи про Марс', /Марс/, /\p{Script=Cyrillic}/u],
    ['介绍一下长城', /长城/, /\p{Script=Han}/u],
  ])('%s', async (text, refersTo, script) => {
    const reply = await ask(text);
    expect(reply.toolCalls).toHaveLength(0);
    expect(reply.finishReason).toBe('stop');
    expect(reply.content).toMatch(refersTo);
    expect(reply.content.replace(/“.*?”|«.*?»/gu, '')).toMatch(script);
  });

  it.each(['hello', 'привет', 'what can you do?', '你好', 'Hi! How are you?'])(
    'greeting %s gets no tool call even with tools',
    async (text) => {
      const reply = await ask(text);
      expect(reply.toolCalls).toHaveLength(0);
      expect(reply.content).toMatch(/offline demo|офлайн|离线/);
    },
  );
});

describe('a request for code', () => {
  it.each([
    'Write a Python function that removes duplicate lines from a file and keeps their order.',
    'Напиши функцию на Python, которая удаляет повторяющиеся строки',
    '写一个 Python 函数，删除文件中的重复行',
    '[sim:markdown] anything',
  ])('%s is answered with a code block, math, a table and a footnote', async (text) => {
    const reply = await ask(text);
    expect(reply.toolCalls).toHaveLength(0);
    expect(reply.content).toContain('```python\ndef remove_duplicate_lines');
    expect(reply.content).toMatch(/\$\$\nT\(n\) = O\(n\)\n\$\$/);
    expect(reply.content).toMatch(/^\|.*\|$/m);
    expect(reply.content).toMatch(/\[\^1\]: /);
  });
});

describe('[sim:echo]', () => {
  it('answers with the words as they are, markup and all, and calls no tool', async () => {
    const reply = await ask('[sim:echo] How do I reset <img name="getElementById" src="data:,"> my password?');
    expect(reply.toolCalls).toHaveLength(0);
    expect(reply.content).toBe('How do I reset <img name="getElementById" src="data:,"> my password?');
  });
});

describe('tool calls', () => {
  it.each([
    ['How do I reset my password?', 'reset password'],
    ['Hello, I get an error when I export to PDF', 'error export pdf'],
    ['Не могу войти, пишет ошибка пароля', 'войти пишет ошибка пароля'],
    ['密码忘了怎么办', '密码忘'],
  ])('a how-to question %s calls search_docs with its key words', async (text, query) => {
    expect(await onlyToolCall(text)).toEqual({ name: 'search_docs', args: { query } });
  });

  it('does not call a tool that is not offered', async () => {
    const reply = await ask('How do I reset my password?', []);
    expect(reply.toolCalls).toHaveLength(0);
    expect(reply.content).toContain('reset my password');
  });

  it.each([
    ['Remember that I am on Windows 11', { key: 'os', value: 'Windows 11' }],
    ['запомни, что мой тариф — Pro', { key: 'plan', value: 'Pro' }],
    ['Remember that my favourite colour is teal', { key: 'favourite_colour', value: 'teal' }],
    ['记住我的城市是上海', { key: '城市', value: '上海' }],
  ])('%s calls remember_fact', async (text, args) => {
    expect(await onlyToolCall(text)).toEqual({ name: 'remember_fact', args });
  });

  it.each(['Write a report on how to reset passwords', 'напиши отчёт о рынке электромобилей', '写一份关于电动车的报告'])(
    '%s calls start_document with the request',
    async (text) => {
      expect(await onlyToolCall(text)).toEqual({ name: 'start_document', args: { request: text } });
    },
  );

  it('answers a search result by citing the articles by title', async () => {
    const call = { id: 'call_1', type: 'function', function: { name: 'search_docs', arguments: '{"query":"reset password"}' } };
    const results = JSON.stringify([
      { id: 'a1', title: 'Resetting your password', snippet: 'Open Settings and choose Reset password. A link arrives by email.' },
      { id: 'a2', title: 'Two-factor sign-in', snippet: 'Codes expire after a minute.' },
    ]);
    const reply = await chat({
      messages: [
        user('How do I reset my password?'),
        { role: 'assistant', content: null, tool_calls: [call] },
        { role: 'tool', tool_call_id: 'call_1', content: results },
      ],
      tools: ALL_TOOLS,
    });
    expect(reply.toolCalls).toHaveLength(0);
    expect(reply.finishReason).toBe('stop');
    expect(reply.content).toContain('According to “Resetting your password”: Open Settings and choose Reset password.');
    expect(reply.content).toContain('“Two-factor sign-in”');
  });

  it('[sim:text+tool] streams text first, then a tool call, in one response', async () => {
    const reply = await ask('Billing question [sim:text+tool]');
    const order = reply.chunks
      .flatMap((c) => c.choices)
      .map((ch: any) => (ch.delta.content ? 't' : ch.delta.tool_calls ? 'c' : ''))
      .filter(Boolean)
      .join('');
    expect(order).toMatch(/^t+c+$/);
    expect(reply.content.length).toBeGreaterThan(0);
    expect(reply.toolCalls[0].name).toBe('search_docs');
    expect(reply.finishReason).toBe('tool_calls');
  });
});

describe('numbered lists', () => {
  it.each([
    ['list 40 ideas for a garden', /^40\. Item 40: /m],
    ['перечисли 12 городов', /^12\. Пункт 12: /m],
    ['列出7个城市', /^7\. 第7项：/m],
    ['Anything at all [sim:list 25]', /^25\. Item 25: /m],
  ])('%s gives unique numbered lines', async (text, last) => {
    const reply = await ask(text);
    expect(reply.content).toMatch(last);
    const items = reply.content.split('\n').filter((line) => /^\d+\. /.test(line));
    expect(new Set(items).size).toBe(items.length);
    for (const [i, line] of items.entries()) expect(line.startsWith(`${i + 1}. `)).toBe(true);
  });
});

describe('determinism', () => {
  it('the same request gives the same text', async () => {
    for (const text of ['Tell me about volcanoes', 'list 30 birds', 'Как экспортировать данные?']) {
      const [a, b] = await Promise.all([ask(text), ask(text)]);
      expect(a.content).toBe(b.content);
      expect(a.toolCalls.map((c) => c.arguments)).toEqual(b.toolCalls.map((c) => c.arguments));
    }
  });
});

describe('[sim:call=NAME {json}]', () => {
  it('calls the named tool with the arguments as written, when it is offered', async () => {
    const reply = await ask('Say it back [sim:call=everything__echo {"message":"Hello, World"}]', [...ALL_TOOLS, TOOL('everything__echo')]);
    expect(reply.toolCalls).toEqual([expect.objectContaining({ name: 'everything__echo', arguments: '{"message":"Hello, World"}' })]);
  });

  it('answers without it when that tool is not offered', async () => {
    const reply = await ask('Say it back [sim:call=everything__echo {"message":"hi"}]');
    expect(reply.toolCalls).toHaveLength(0);
  });
});
