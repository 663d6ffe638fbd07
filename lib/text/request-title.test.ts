import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TITLE_CHARS, russianNominativeHead, tidyTitle, titleFromRequest } from './request-title';

describe('a document title from its request', () => {
  it.each([
    ['Write a guide to composting for beginners', 'Guide to composting for beginners'],
    ['Please write me a short report on solar panels in Lisbon.', 'Short report on solar panels in Lisbon'],
    ['Could you please draft an article about remote work? Keep it short.', 'Article about remote work'],
    ['write about composting', 'Composting'],
    ['I need you to write a proposal for a new bike lane', 'Proposal for a new bike lane'],
    ['Quarterly sales review for the board', 'Quarterly sales review for the board'],
    ['Напиши руководство по компостированию для начинающих', 'Руководство по компостированию для начинающих'],
    ['Напиши статью о компосте', 'Статья о компосте'],
    ['Пожалуйста, подготовь краткую инструкцию по установке принтера', 'Краткая инструкция по установке принтера'],
    ['Составь подробный отчёт о продажах за 2024 год', 'Подробный отчёт о продажах за 2024 год'],
    ['Напиши про историю Лиссабона', 'Историю Лиссабона'.replace('Историю', 'История')],
    ['请写一份关于人工智能的报告', '人工智能'],
  ])('%s → %s', (request, title) => {
    expect(titleFromRequest(request)).toBe(title);
  });

  it('never keeps a cut word or an ellipsis, and never ends on a hanging preposition', () => {
    const long = `Write a guide to ${'very '.repeat(40)}careful composting for beginners`;
    const title = titleFromRequest(long);
    expect(title.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
    expect(title).not.toMatch(/…|\.\.\./);
    expect(long).toContain(title.slice(1));
    expect(title.split(' ').at(-1)).toBe('very');
  });

  it('holds for any request: short, one line, no ellipsis, made of whole words of the request', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('write', 'a', 'guide', 'to', 'компост', 'для', 'напиши', 'статью', 'x'.repeat(30), '…'), {
          maxLength: 60,
        }),
        (words) => {
          const request = words.join(' ');
          const title = titleFromRequest(request);
          expect(title.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
          expect(title).not.toMatch(/\n|…$/);
        },
      ),
    );
  });
});

describe('a title a model or a person gave', () => {
  it('loses quotes, labels, a closing full stop and a trailing ellipsis', () => {
    expect(tidyTitle('"Composting for beginners."')).toBe('Composting for beginners');
    expect(tidyTitle('iPhone guide')).toBe('iPhone guide');
    expect(tidyTitle('Title: Composting for beginners…')).toBe('Composting for beginners');
    expect(tidyTitle('«Компост для начинающих...»')).toBe('Компост для начинающих');
    expect(tidyTitle('"Tea" and "coffee"')).toBe('"Tea" and "coffee"');
  });
});

describe('the Russian object in a title’s form', () => {
  it('turns a feminine accusative head into the nominative and stops at the noun', () => {
    expect(russianNominativeHead(['короткую', 'статью', 'про', 'воду'])).toEqual(['короткая', 'статья', 'про', 'воду']);
    expect(russianNominativeHead(['письмо', 'директору'])).toEqual(['письмо', 'директору']);
    expect(russianNominativeHead(['интервью', 'с', 'автором'])).toEqual(['интервью', 'с', 'автором']);
    expect(russianNominativeHead(['идею', 'проекта'])).toEqual(['идея', 'проекта']);
  });
});
