import { describe, expect, it } from 'vitest';
import { canonicalKeyFactKey, canonicalKeyFactValue } from './key-fact-keys';

describe('one key per fact, whichever path wrote it', () => {
  it("puts the tool's and the person's names for a built-in fact on its one key", () => {
    for (const name of ['os', 'fact:os', 'Operating System', 'operating_system', 'ОС', '操作系统'])
      expect(canonicalKeyFactKey(name)).toBe('os');
    expect(canonicalKeyFactKey('client_version')).toBe('app_version');
    expect(canonicalKeyFactKey('Phone')).toBe('phone');
    expect(canonicalKeyFactKey('Company Proxy')).toBe('fact:company_proxy');
    expect(() => canonicalKeyFactKey('!!')).toThrow(RangeError);
  });

  it('spells a built-in value as the rules do, so the same fact is no change', () => {
    expect(canonicalKeyFactValue('os', 'windows 11')).toBe('Windows 11');
    expect(canonicalKeyFactValue('os', 'a Mac')).toBe('macOS');
    expect(canonicalKeyFactValue('os', 'Haiku')).toBe('Haiku');
    expect(canonicalKeyFactValue('plan', 'Pro')).toBe('Pro plan');
  });
});
