import { extractValues } from './extract-key-facts';
import { KEY_FACT_KEYS, type KeyFactKey } from './types';

/**
 * One fact, one key, whichever path writes it: the rules reading the person's message, the
 * model's remember_fact tool ("os", "operating_system", "client_version") or the person's own
 * edit. Without this a single switch to a Mac left "OS = Windows 11" (the tool's `fact:os`)
 * next to "Operating system = macOS" in the panel, and the prompt carried both.
 */
export const BUILT_IN_KEY_FACT_KEYS: readonly KeyFactKey[] = KEY_FACT_KEYS;

const ALIASES: Record<string, KeyFactKey> = {};
const alias = (key: KeyFactKey, names: string) => {
  for (const name of names.split(/\s+/)) ALIASES[name] = key;
};
alias(
  'os',
  'os operating_system system computer_os desktop_os laptop_os pc_os windows_version macos_version ос операционная_система система 系统 操作系统 电脑系统',
);
alias('device', 'device computer laptop desktop machine pc notebook компьютер ноутбук ноут устройство 电脑 笔记本 设备');
alias('phone_os', 'phone_os mobile_os smartphone_os phone_system ос_телефона 手机系统');
alias('phone', 'phone mobile smartphone cellphone mobile_phone телефон смартфон 手机');
alias('tablet', 'tablet ipad планшет 平板');
alias('app_version', 'app_version version client_version quire_version application_version версия версия_приложения 版本 客户端版本');
alias('plan', 'plan tier subscription pricing_plan тариф подписка 套餐 会员');
alias('language', 'language preferred_language lang язык 语言');

function slug(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/^fact:/, '')
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');
}

/** "Operating System", "fact:os", "OS" → "os"; "Company Proxy" → "fact:company_proxy". */
export function canonicalKeyFactKey(name: string): string {
  const key = slug(name);
  if (key.length === 0) throw new RangeError('A fact needs a name with letters or digits.');
  return ALIASES[key] ?? `fact:${key}`;
}

/**
 * A built-in fact's value in the rules' own spelling, so the same fact written by another path is
 * the same value and no change ("windows 11" → "Windows 11", "a Mac" → "macOS" for `os`).
 * A value the rules do not recognize is kept as written.
 */
export function canonicalKeyFactValue(key: string, value: string): string {
  const trimmed = value.trim();
  const read = (text: string) => extractValues(text).find((keyFact) => keyFact.key === key)?.value;
  // a bare plan name ("Pro", as the tool tends to write it) is the rules' "Pro plan"
  return read(trimmed) ?? (key === 'plan' ? read(`${trimmed} plan`) : undefined) ?? trimmed;
}
