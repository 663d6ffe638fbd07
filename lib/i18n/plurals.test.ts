import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';
import zh from '@/messages/zh.json';

describe('token counts read as people write them', () => {
  it('in Russian: 1 and 241 токен, 3 and 22 токена, 5, 11 and 1 000 токенов', () => {
    const t = createTranslator({ locale: 'ru', messages: ru, namespace: 'chat.cost' });
    expect(t('input', { count: 241 })).toBe('Вход: 241 токен');
    expect(t('input', { count: 1 })).toBe('Вход: 1 токен');
    expect(t('output', { count: 3 })).toBe('Выход: 3 токена');
    expect(t('output', { count: 22 })).toBe('Выход: 22 токена');
    expect(t('reasoning', { count: 5 })).toBe('Рассуждение: 5 токенов');
    expect(t('input', { count: 11 })).toBe('Вход: 11 токенов');
    expect(t('input', { count: 1000 })).toMatch(/^Вход: 1\s000 токенов$/);
    const context = createTranslator({ locale: 'ru', messages: ru, namespace: 'context' });
    expect(context('open', { count: 241, cost: '$0,0036' })).toBe('Что видела модель: 241 токен на $0,0036');
  });

  it('in English and Chinese, with the count formatted for the locale', () => {
    expect(createTranslator({ locale: 'en', messages: en, namespace: 'chat.cost' })('input', { count: 1 })).toBe('Input: 1 token');
    expect(createTranslator({ locale: 'en', messages: en, namespace: 'chat.cost' })('input', { count: 3600 })).toBe('Input: 3,600 tokens');
    expect(createTranslator({ locale: 'zh', messages: zh, namespace: 'chat.cost' })('input', { count: 3600 })).toBe('输入：3,600 个 token');
  });

  it('how many side-by-side answers the credits cover, in every locale: "1 из 3 ответов", "ни на один из 2 ответов"', () => {
    const ruT = createTranslator({ locale: 'ru', messages: ru, namespace: 'chat.sideBySide' });
    expect(ruT('creditsCover', { covered: 1, count: 3 })).toBe(
      'Средств хватит только на 1 из 3 ответов: уберите модель или пополните баланс.',
    );
    expect(ruT('creditsCover', { covered: 2, count: 4 })).toBe(
      'Средств хватит только на 2 из 4 ответов: уберите модель или пополните баланс.',
    );
    expect(ruT('creditsCover', { covered: 0, count: 2 })).toBe(
      'Средств не хватит ни на один из 2 ответов: пополните баланс, чтобы отправить.',
    );
    const enT = createTranslator({ locale: 'en', messages: en, namespace: 'chat.sideBySide' });
    expect(enT('creditsCover', { covered: 1, count: 3 })).toBe('Your credits cover 1 of 3 answers: remove a model or add credits.');
    expect(enT('creditsCover', { covered: 0, count: 2 })).toBe('Your credits cover none of the 2 answers: add credits to send.');
    const zhT = createTranslator({ locale: 'zh', messages: zh, namespace: 'chat.sideBySide' });
    expect(zhT('creditsCover', { covered: 1, count: 3 })).toBe('余额只够支付 3 个回答中的 1 个：请移除模型或充值。');
  });
});
