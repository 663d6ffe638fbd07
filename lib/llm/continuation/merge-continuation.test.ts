import { describe, expect, it } from 'vitest';
import { mergeContinuation } from './merge-continuation';

describe('mergeContinuation: the artifacts from the issue', () => {
  it('drops a repeated cut line', () => {
    expect(mergeContinuation('102. ии', '102. ии и нейросети')).toBe('102. ии и нейросети');
  });

  it('drops a restarted cut line', () => {
    expect(mergeContinuation('Лучшие серви', 'Лучшие сервисы для')).toBe('Лучшие сервисы для');
  });

  it('puts a glued numbered item on its own line', () => {
    expect(mergeContinuation('последний пункт', '205. Следующий')).toBe('последний пункт\n205. Следующий');
  });

  it('does not eat letters for a short overlap inside a word', () => {
    expect(mergeContinuation('мейк', 'ейкеры')).toBe('мейкейкеры');
  });
});

describe('mergeContinuation: overlaps', () => {
  it('keeps the leading space of a continuation that simply goes on', () => {
    expect(mergeContinuation('hello', ' world')).toBe('hello world');
  });

  it('drops the leading line break of a continuation that repeats the cut line', () => {
    expect(mergeContinuation('1. a\n102. ии', '\n102. ии и нейросети')).toBe('1. a\n102. ии и нейросети');
  });

  it('finishes a word the model started again', () => {
    expect(mergeContinuation('hello wor', ' world again')).toBe('hello world again');
  });

  it('counts an overlap of 12 or more even inside a word', () => {
    expect(mergeContinuation('the supercalifragilistic', 'califragilisticexpialidocious')).toBe('the supercalifragilisticexpialidocious');
  });

  it('ignores an overlap of two characters', () => {
    expect(mergeContinuation('a bc', 'bcd')).toBe('a bcbcd');
  });

  it('prefers the longest overlap', () => {
    expect(mergeContinuation('ab ab ab', 'ab ab ab c')).toBe('ab ab ab c');
  });

  it('merges Chinese at a word boundary the segmenter finds', () => {
    expect(mergeContinuation('我们今天讨论人工智能', '人工智能的发展')).toBe('我们今天讨论人工智能的发展');
  });

  it('keeps a two-character Chinese overlap, below the three-character minimum', () => {
    expect(mergeContinuation('我们今天讨论人工', '人工智能的发展')).toBe('我们今天讨论人工人工智能的发展');
  });

  it('merges Japanese at a word boundary the segmenter finds', () => {
    expect(mergeContinuation('私は日本語を', '日本語を勉強しています')).toBe('私は日本語を勉強しています');
  });

  it('does not merge a short overlap that starts inside a Japanese word', () => {
    expect(mergeContinuation('図書館', '書館で')).toBe('図書館書館で');
  });

  it('merges a repeat that contains emoji', () => {
    expect(mergeContinuation('Готово 🎉 ура', '🎉 ура и всё')).toBe('Готово 🎉 ура и всё');
  });

  it('never merges an overlap that would split a surrogate pair', () => {
    // prev was cut between the halves of 😀; merging "12\uD83D" would leave the low half behind
    expect(mergeContinuation('abc 12\uD83D', '12😀 rest')).toBe('abc 12\uD83D12😀 rest');
  });
});

describe('mergeContinuation: restarted lines', () => {
  it('keeps an indented line as written and appends only the new rest', () => {
    expect(mergeContinuation('Список:\n   - пункт номер', '- пункт номер два')).toBe('Список:\n   - пункт номер два');
  });

  it('recognizes a restart of a line longer than the overlap window', () => {
    // the line starts with a word the cut tail cannot repeat, or rule 1 (checked first) would take that short overlap
    const line = `Начало ${Array.from({ length: 80 }, (_, i) => `слово${i}`).join(' ')}`;
    expect(line.length).toBeGreaterThan(400);
    const cut = line.slice(0, 450);
    expect(mergeContinuation(`Вступление\n${cut}`, `${line} конец`)).toBe(`Вступление\n${line} конец`);
  });
});

describe('mergeContinuation: blocks glued to the cut line', () => {
  it.each([
    ['a heading', 'Конец абзаца.', '## Раздел 2'],
    ['a quote', 'Как сказано', '> цитата'],
    ['a dash item', 'первый', '- второй'],
    ['a star item', 'first', '* second'],
    ['a bullet item', 'first', '• second'],
    ['a parenthesis item', 'first', '2) second'],
  ])('starts %s on a new line', (_name, prev, next) => {
    expect(mergeContinuation(prev, next)).toBe(`${prev}\n${next}`);
  });

  it('starts a table row on a new line after a complete row', () => {
    expect(mergeContinuation('| a | b |\n|---|---|\n| c | d |', '| e | f |')).toBe('| a | b |\n|---|---|\n| c | d |\n| e | f |');
  });

  it('treats a pipe after an unfinished row as the next cell', () => {
    expect(mergeContinuation('| a | b', '| c |')).toBe('| a | b| c |');
  });

  it('treats a pipe after prose as text', () => {
    expect(mergeContinuation('x', '|y')).toBe('x|y');
  });

  it('adds no line break when the cut line already ended', () => {
    expect(mergeContinuation('item\n', '- next')).toBe('item\n- next');
  });

  it('adds no line break after the indentation of a new line', () => {
    expect(mergeContinuation('intro\n  ', '- nested')).toBe('intro\n  - nested');
  });

  it('keeps a continuation that opens with a space as prose', () => {
    expect(mergeContinuation('a', ' - b')).toBe('a - b');
  });

  it('continues a number cut in the middle', () => {
    expect(mergeContinuation('\n10', '2. ии')).toBe('\n102. ии');
  });

  it('continues a heading marker cut in the middle', () => {
    expect(mergeContinuation('text\n#', '# Title')).toBe('text\n## Title');
  });

  it('does not take a decimal number for a list item', () => {
    expect(mergeContinuation('costs', '2.5 million')).toBe('costs2.5 million');
  });
});

describe('mergeContinuation: the seams real providers add', () => {
  it('gives back the space a fresh message drops between two whole words', () => {
    expect(mergeContinuation('Teams that own', 'communication tools ship faster.')).toBe('Teams that own communication tools ship faster.');
    expect(mergeContinuation('The report covers the', 'warehouse and its staff.')).toBe('The report covers the warehouse and its staff.');
  });

  it('keeps a word glued when the cut fell inside it', () => {
    expect(mergeContinuation('Good communi', 'cation matters.')).toBe('Good communication matters.');
    expect(mergeContinuation('An extra', 'ordinary result.')).toBe('An extraordinary result.');
    expect(mergeContinuation('the fal', 'con flew')).toBe('the falcon flew');
  });

  it('drops a preface about continuing', () => {
    expect(mergeContinuation('1. Lisbon\n2. Por', 'Continuing from where I left off:\nto\n3. Faro')).toBe('1. Lisbon\n2. Porto\n3. Faro');
    expect(mergeContinuation('The river runs', 'Sure, here is the rest:\n\n through the valley.')).toBe(
      'The river runs through the valley.',
    );
  });

  it('drops the ellipsis a continuation opens with', () => {
    expect(mergeContinuation('The river runs', '... through the valley.')).toBe('The river runs through the valley.');
    expect(mergeContinuation('The river ru', '…ns through the valley.')).toBe('The river runs through the valley.');
  });

  it('keeps only the new part of an answer started again from scratch', () => {
    const start = 'Northwind opened its Lisbon warehouse in 2021. It handles 4,200 orders a day, and delivery';
    const whole = `${start} times fell from five days to two.`;
    expect(mergeContinuation(start, whole)).toBe(whole);
  });

  it('keeps an ellipsis or a word like "continued" that belongs to the text', () => {
    expect(mergeContinuation('He paused', '\n\nContinued research showed more.')).toBe('He paused\n\nContinued research showed more.');
  });
});
