import { describe, expect, it } from 'vitest';
import { installLogLines, installLogMessage, LOG_LINE_60 } from '@/bench/fixtures/install-log';
import { excerptForRecall, isRelevantRecall, matchedTerms, recallQuery, toTsQuery } from './recall';

describe('recalling older messages', () => {
  it.each([
    ['What was on line 60 of that log?', [60]],
    ['Вернусь к тому логу установки: что было в строке 60?', [60]],
    ['我之前贴的日志第60行是什么？', [60]],
  ])('"%s" refers back to line %j', (text, lines) => {
    const query = recallQuery(text);
    expect(query.refersBack).toBe(true);
    expect(query.lines).toEqual(lines);
  });

  it.each(['How do I export to PDF?', 'Нажал «Продолжить», пошло дальше.', '怎么导出PDF？', 'Thanks!'])(
    '"%s" does not refer back: no search',
    (text) => {
      expect(recallQuery(text).refersBack).toBe(false);
    },
  );

  it('searches only the exact identifier when there is one, and finds it whole', () => {
    const query = recallQuery('And who owns the QX-7781 proposal again?');
    expect(query.refersBack).toBe(true);
    expect(toTsQuery(query)).toBe("'qx' | '7781'");
    const old = 'Our shared proposal QX-7781, the one Dana Whitfield owns.';
    expect(isRelevantRecall(query, old, matchedTerms(query, old))).toBe(true);
    const other = 'Who owns a proposal is shown in its settings.';
    expect(isRelevantRecall(query, other, matchedTerms(query, other))).toBe(false);
  });

  it('matches Russian words by their stem and Chinese words by segmentation', () => {
    const ru = recallQuery('Помнишь ту ошибку синхронизации?');
    expect(matchedTerms(ru, 'Ошибка синхронизации E_SYNC_409 появилась утром.')).toEqual(expect.arrayContaining(['ошиб', 'синхронизац']));
    const zh = recallQuery('之前说的同步错误是什么？');
    expect(matchedTerms(zh, '今天早上出现了同步错误')).toEqual(expect.arrayContaining(['同步', '错误']));
  });

  it('a long message is sent by the numbered lines asked about, never by its opening', () => {
    const message = { id: 'log', role: 'user' as const, text: installLogMessage(), matched: ['log'], focusLines: [60] };
    const whole = excerptForRecall(message, 10_000)!;
    expect(whole).toMatchObject({ excerpt: false, text: message.text });
    const cut = excerptForRecall(message, 200)!;
    expect(cut.excerpt).toBe(true);
    expect(cut.tokens).toBeLessThanOrEqual(200);
    expect(cut.text).toContain(LOG_LINE_60);
    expect(cut.text).not.toContain(installLogLines()[1]);
  });
});
