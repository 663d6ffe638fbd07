import { describe, expect, it } from 'vitest';
import { extractSlots } from './extract-slots';

type Row = [text: string, expected: Record<string, string>, change?: boolean];

/** Runs one fixture table: each text must yield exactly these slots (and nothing else). */
function checkTable(rows: Row[]) {
  it.each(rows)('%s', (text, expected, change) => {
    const found = extractSlots(text);
    expect(Object.fromEntries(found.map((slot) => [slot.key, slot.value]))).toEqual(expected);
    if (change !== undefined) for (const slot of found) expect(slot.change).toBe(change);
  });
}

describe('English', () => {
  describe('own facts', () => checkTable([
    ["I'm on Windows 11", { os: 'Windows 11' }, false],
    ['I use Ubuntu 22.04 at home', { os: 'Linux (Ubuntu 22.04)' }],
    ["I'm on an iPhone 15 Pro", { device: 'iPhone 15 Pro' }],
    ["We're on the Pro plan and my app version is 3.4.2", { plan: 'Pro plan', app_version: '3.4.2' }],
    ['Version 3.4.2.', { app_version: '3.4.2' }],
    ['Please answer in Russian.', { language: 'Russian' }],
    ['My laptop runs Windows 10, but my wife has a MacBook Air.', { os: 'Windows 10' }],
  ]));
  describe("someone else's facts", () => checkTable([
    ["My colleague's Linux box works fine.", {}],
    ['My coworker uses macOS.', {}],
    ['His laptop runs Windows 10.', {}],
    ['Everyone in my team uses Linux.', {}],
  ]));
  describe('negations', () => checkTable([
    ["I'm not on Windows", {}],
    ["I don't have a Mac.", {}],
    ["I'm on Linux, not Windows.", { os: 'Linux' }],
  ]));
  describe('change of mind', () => checkTable([
    ['I switched to Linux', { os: 'Linux' }, true],
    ['I switched from Windows to Linux last week.', { os: 'Linux' }, true],
    ['I upgraded to version 3.5.0 yesterday.', { app_version: '3.5.0' }, true],
  ]));
  describe('not about the environment', () => checkTable([
    ["I can't install it on my phone.", {}],
    ['Does it work on Linux?', {}],
    ['If I switch to a Mac, will my documents sync?', {}],
    ['I hate how Windows handles updates.', {}],
    ['I used to be on Windows.', {}],
  ]));
});

describe('Russian', () => {
  describe('own facts', () => checkTable([
    ['у меня Windows 11', { os: 'Windows 11' }, false],
    ['Здравствуйте! У меня Windows 11, версия приложения 3.4.2.', { os: 'Windows 11', app_version: '3.4.2' }],
    ['Я на тарифе Pro.', { plan: 'Pro plan' }],
    ['Пользуюсь линуксом, Ubuntu 22.04.', { os: 'Linux (Ubuntu 22.04)' }],
    ['Отвечай, пожалуйста, по-русски.', { language: 'Russian' }],
    ['Я уже говорил, что у меня Windows 11.', { os: 'Windows 11' }],
  ]));
  describe("someone else's facts", () => checkTable([
    ['у коллеги Linux', {}],
    ['Научный руководитель сидит на Linux.', {}],
    ['Он перешёл на Mac.', {}],
    ['У меня Windows 11, а у коллеги Linux.', { os: 'Windows 11' }],
  ]));
  describe('negations', () => checkTable([
    ['у меня не Windows', {}],
    ['Я не пользуюсь маком.', {}],
    ['У меня не запускается на Windows 11.', {}],
  ]));
  describe('change of mind', () => checkTable([
    ['я перешёл на Mac', { os: 'macOS', device: 'Mac' }, true],
    ['Я перешёл с Windows на Mac.', { os: 'macOS', device: 'Mac' }, true],
    ['Раньше был Windows, а теперь Mac.', { os: 'macOS', device: 'Mac' }, true],
  ]));
  describe('not about the environment', () => checkTable([
    ['На телефоне не могу установить.', {}],
    ['А на Linux работает?', {}],
    ['Если перейду на Mac, документы сохранятся?', {}],
    ['Windows опять обновилась и всё сломала.', {}],
  ]));
});

describe('Chinese', () => {
  describe('own facts', () => checkTable([
    ['我用的是 Mac', { os: 'macOS', device: 'Mac' }, false],
    ['我的电脑是Windows 11', { os: 'Windows 11' }],
    ['我是专业版用户', { plan: 'Pro plan' }],
    ['我的版本是3.4.2', { app_version: '3.4.2' }],
    ['请用中文回答', { language: 'Chinese' }],
  ]));
  describe("someone else's facts", () => checkTable([
    ['他那台 Linux', {}],
    ['我同事用的是Linux', {}],
    ['她用苹果手机', {}],
  ]));
  describe('negations', () => checkTable([
    ['我用的不是Mac', {}],
    ['我不用Windows', {}],
    ['我没有Mac', {}],
  ]));
  describe('change of mind', () => checkTable([
    ['我从Windows换成了Mac', { os: 'macOS', device: 'Mac' }, true],
    ['我现在改用Linux了', { os: 'Linux' }, true],
  ]));
  describe('not about the environment', () => checkTable([
    ['我手机上装不了', {}],
    ['Linux上能用吗？', {}],
    ['如果我换成Mac，数据还在吗？', {}],
  ]));
});
