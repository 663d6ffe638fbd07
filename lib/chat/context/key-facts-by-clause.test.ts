import { describe, expect, it } from 'vitest';
import { buildTurnPrompt } from '@/lib/chat/turn/turn-prompt';
import { SIMULATED_MODELS } from '@/lib/llm/simulator';
import { applyKeyFactUpdates } from './apply-key-fact-updates';
import { extractKeyFacts, readKeyFacts } from './extract-key-facts';
import { canonicalKeyFactKey, canonicalKeyFactValue } from './key-fact-keys';

/**
 * Key facts by clause and speaker: in a sentence that names someone else's device and the
 * person's own, only the person's is recorded. These sentences are the tests' own; the bench's
 * evaluation set (bench/context/eval-set.ts) is kept apart and never used here.
 */

const at = new Date('2026-01-05T09:00:00Z');

function factsAfter(text: string, before: Record<string, string> = {}): Record<string, string> {
  const start = Object.entries(before).map(([key, value]) => ({ key, value, history: [{ value, messageId: 'm0', at }] }));
  const { next } = applyKeyFactUpdates(start, extractKeyFacts(text), { messageId: 'm1', at });
  return Object.fromEntries(next.map((fact) => [fact.key, fact.value]));
}

describe('the speaker’s OS, not the other person’s', () => {
  it.each([
    // the contrast sentences
    ['муж сидит на линуксе, а мой ноутбук на Windows 11', 'Windows 11'],
    ["my daughter's iPad is fine, but my own laptop with Windows 10 fails", 'Windows 10'],
    ['他用苹果，我用的是 Windows', 'Windows'],
    // English
    ['my flatmate runs Arch Linux, I just use Windows 11', 'Windows 11'],
    ["my dad's PC is on Windows 7 but mine is a Mac", 'macOS'],
    ['The whole office is on Windows; I work on Ubuntu 24.04 though', 'Linux (Ubuntu 24.04)'],
    ['my girlfriend has a MacBook, while I run Fedora 41', 'Linux (Fedora 41)'],
    ["my colleague's box runs Debian, mine runs Windows 10", 'Windows 10'],
    ['he is on macOS Sequoia but I am on Windows 11', 'Windows 11'],
    ['my parents use Windows 10, I have Linux Mint on my laptop', 'Linux (Linux Mint)'],
    ["my teammates are on Macs but I'm stuck with Windows 10", 'Windows 10'],
    ['her laptop has Windows 11, my laptop has macOS Sonoma', 'macOS Sonoma'],
    ['my grandpa still uses Windows XP; my computer runs Windows 11', 'Windows 11'],
    ['both my kids use Chromebooks, and I use a Windows 10 desktop', 'Windows 10'],
    // Russian
    ['у жены Windows 10, а у меня Ubuntu', 'Linux (Ubuntu)'],
    ['сын играет на винде, а я сижу на маке', 'macOS'],
    ['коллеги все на макбуках, но мой компьютер на Windows 11', 'Windows 11'],
    ['брат поставил себе Fedora, у меня же Windows 10', 'Windows 10'],
    ['у начальника Linux, у меня Windows 11', 'Windows 11'],
    ['папа до сих пор на Windows 7, я пользуюсь Windows 11', 'Windows 11'],
    ['у подруги MacBook Air, а мой ноут на линуксе', 'Linux'],
    ['его комп на Windows, мой на Ubuntu 22.04', 'Linux (Ubuntu 22.04)'],
    ['дети сидят на Chromebook, а я работаю на Windows 10', 'Windows 10'],
    ['у соседа Linux Mint, а у меня macOS Ventura', 'macOS Ventura'],
    // Chinese
    ['我老婆用Windows 11，我自己用Mac', 'macOS'],
    ['同事的电脑是Mac，我的电脑是Windows 10', 'Windows 10'],
    ['他们都用Linux，但我用的是Windows 11', 'Windows 11'],
    ['我爸还在用Windows 7，我用的是Windows 11', 'Windows 11'],
    ['朋友装的是Fedora，我装的是Ubuntu', 'Linux (Ubuntu)'],
    ['我儿子的电脑是Windows，我的是MacBook Pro', 'macOS'],
    ['老板用苹果电脑，我这边是Windows 10', 'Windows 10'],
    ['她的笔记本是Linux，而我用的是Windows 11', 'Windows 11'],
    ['我哥用Windows 10，我平时用Ubuntu 22.04', 'Linux (Ubuntu 22.04)'],
    ['客户那边是Windows 7，我这台是macOS Sonoma', 'macOS Sonoma'],
  ])('%s → %s', (text, os) => {
    expect(factsAfter(text).os).toBe(os);
  });

  it('records nothing when only someone else is named', () => {
    for (const text of [
      'my wife is on Windows 11',
      'у коллеги Ubuntu на ноутбуке',
      '我老公的手机是小米',
      'мама сидит с телефона на андроиде',
    ]) {
      expect(factsAfter(text)).toEqual({});
    }
  });
});

describe('the rules apply per clause', () => {
  it.each<[string, Record<string, string>, string]>([
    ["If I had a Mac it would be easier, but I'm on Windows 10", { os: 'Windows 10' }, 'a hypothetical clause'],
    ["I'm on Windows 11, does the Mac version differ?", { os: 'Windows 11' }, 'a question clause'],
    ["I don't use Android, my phone is an iPhone 13", { phone: 'iPhone 13', phone_os: 'iOS' }, 'a negated clause'],
    ['I had Windows 10 until last week, now Windows 11', { os: 'Windows 11' }, 'a past clause, then "now"'],
    ['Коллега спрашивает, работает ли на Linux, а у меня Windows 11', { os: 'Windows 11' }, 'reported speech ends at «а»'],
    ['Если бы у меня был мак, было бы проще, но я на Windows 10', { os: 'Windows 10' }, 'a hypothetical clause'],
    ['ноутбук мужа на Windows 10, мой на Linux', { os: 'Linux' }, 'the owner named after the value («ноутбук мужа»)'],
    ['у меня был айфон, теперь Pixel 8', { phone: 'Pixel 8', phone_os: 'Android' }, 'past, then «теперь»'],
    ['我不用安卓，我的手机是iPhone 13', { phone: 'iPhone 13', phone_os: 'iOS' }, 'a negated clause'],
    ['如果有Mac就好了，可惜我用的是Windows 10', { os: 'Windows 10' }, 'a hypothetical clause'],
    ['我以前用苹果手机，现在用华为', { phone: 'Huawei' }, 'past, then 现在'],
  ])('%s (%j: %s)', (text, facts) => {
    expect(factsAfter(text)).toEqual(facts);
  });
});

describe('phone facts in all three languages', () => {
  it.each([
    ['my phone is a Redmi Note 13', { phone: 'Redmi Note 13', phone_os: 'Android' }],
    ['I have an Android phone, a Honor 90', { phone: 'Honor 90', phone_os: 'Android' }],
    ['my phone runs Android 15', { phone_os: 'Android 15' }],
    ['телефон на Android', { phone_os: 'Android' }],
    ['У меня телефон Xiaomi 14', { phone: 'Xiaomi 14', phone_os: 'Android' }],
    ['смартфон у меня самсунг', { phone: 'Samsung', phone_os: 'Android' }],
    ['телефон Huawei P60', { phone: 'Huawei P60' }],
    ['手机是华为', { phone: 'Huawei' }],
    ['我的手机是小米14', { phone: 'Xiaomi 14', phone_os: 'Android' }],
    ['我用的是安卓手机', { phone_os: 'Android' }],
    ['我的手机是荣耀的', { phone: 'Honor', phone_os: 'Android' }],
  ])('%s', (text, facts) => {
    expect(factsAfter(text)).toEqual(facts);
  });

  it('a phone does not replace the computer, and a named Android version beats the one a brand implies', () => {
    expect(factsAfter('а телефон у меня Samsung Galaxy A35', { os: 'Windows 11' })).toEqual({
      os: 'Windows 11',
      phone: 'Samsung Galaxy A35',
      phone_os: 'Android',
    });
    expect(factsAfter('Galaxy S24, Android 14')).toEqual({ phone: 'Galaxy S24', phone_os: 'Android 14' });
    expect(factsAfter('iOS 18, iPhone 16')).toEqual({ phone: 'iPhone 16', phone_os: 'iOS 18' });
    expect(factsAfter('my Pixel 9', { phone_os: 'Android 15' })).toEqual({ phone: 'Pixel 9', phone_os: 'Android 15' });
  });

  it('a device noun decides the slot: tablets and laptops of phone brands', () => {
    expect(factsAfter('у меня планшет Xiaomi Pad 6')).toEqual({ tablet: 'Xiaomi Pad 6' });
    expect(factsAfter('my tablet is a Samsung')).toEqual({ tablet: 'Samsung' });
    expect(factsAfter('我的笔记本是华为的')).toEqual({ device: 'Huawei' });
    expect(factsAfter('I have a Lenovo ThinkPad T14')).toEqual({ device: 'Lenovo ThinkPad T14' });
    expect(factsAfter('I use an Android tablet')).toEqual({ tablet: 'Android tablet' });
    expect(factsAfter('电脑是苹果的')).toEqual({ os: 'macOS', device: 'Mac' });
  });
});

describe('device words the rules cannot attribute', () => {
  it('are reported, so the prompt can ask the model to attribute them', () => {
    expect(readKeyFacts('у жены всё работает, а на Android вылетает').unattributed).toEqual(['Android']);
    expect(readKeyFacts('my son tried it and it worked, but on the Pixel 8 it shows a blank page').unattributed).toEqual(['Pixel 8']);
    expect(readKeyFacts('我同事用着没问题，但是华为手机上打不开').unattributed).toEqual(['华为']);
    expect(readKeyFacts('my wife tried it, Android 14 crashes right away').unattributed).toEqual(['Android 14']);
  });

  it('are not reported when the sentence is clear', () => {
    expect(readKeyFacts('my wife has a Pixel 8, I have an iPhone').unattributed).toEqual([]);
    expect(readKeyFacts('Does it work on Android?').unattributed).toEqual([]);
    expect(readKeyFacts('у меня Android 14').unattributed).toEqual([]);
    expect(readKeyFacts('Windows 10, desktop client 3.4.2').unattributed).toEqual([]);
    expect(readKeyFacts('у коллеги Linux').unattributed).toEqual([]);
  });
});

describe('the model as a second source', () => {
  const model = { ...SIMULATED_MODELS.find((m) => m.id === 'sim-swift')!, simulated: true };
  const promptFor = (text: string) =>
    buildTurnPrompt({
      model,
      slots: [{ key: 'os', value: 'Windows 11', history: [{ value: 'Windows 11', messageId: 'm0', at }] }],
      summary: null,
      summarizedThroughId: null,
      history: [],
      current: { id: 'c1', role: 'user', text },
      now: at,
    }).messages[0]!.content;

  it('the key-facts block names the words the rules could not attribute, so the model may call remember_fact', () => {
    const system = promptFor('у жены на телефоне всё работает, а на Android 14 вылетает');
    expect(system).toContain('- OS: Windows 11');
    expect(system).toContain('Unclear whose (current message): Android 14.');
    expect(system).toContain('remember_fact');
    expect(promptFor('у меня телефон на Android 14')).not.toContain('Unclear whose');
  });

  it('when the rules and the model disagree, the later statement wins and both stay in the history', () => {
    const fromRules = applyKeyFactUpdates([], extractKeyFacts('my phone runs Android 14'), { messageId: 'm1', at });
    const later = new Date(at.getTime() + 60_000);
    // the model's remember_fact("phone_os", "iOS 18") a turn later, as the tool writes it
    const fromModel = applyKeyFactUpdates(
      fromRules.next,
      [{ key: canonicalKeyFactKey('Phone OS'), value: canonicalKeyFactValue('phone_os', 'ios 18') }],
      {
        messageId: 'm2',
        at: later,
      },
    );
    const phoneOs = fromModel.next.find((fact) => fact.key === 'phone_os')!;
    expect(phoneOs.value).toBe('iOS 18');
    expect(phoneOs.history.map((entry) => entry.value)).toEqual(['Android 14', 'iOS 18']);
  });
});
