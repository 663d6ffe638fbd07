import { describe, expect, it } from 'vitest';
import { canonicalSlotKey, canonicalSlotValue } from './slot-keys';

describe('one key per fact, whichever path wrote it', () => {
  it("puts the tool's and the person's names for a built-in fact on its one key", () => {
    for (const name of ['os', 'fact:os', 'Operating System', 'operating_system', 'ОС', '操作系统'])
      expect(canonicalSlotKey(name)).toBe('os');
    expect(canonicalSlotKey('client_version')).toBe('app_version');
    expect(canonicalSlotKey('Phone')).toBe('phone');
    expect(canonicalSlotKey('Company Proxy')).toBe('fact:company_proxy');
    expect(() => canonicalSlotKey('!!')).toThrow(RangeError);
  });

  it('spells a built-in value as the rules do, so the same fact is no change', () => {
    expect(canonicalSlotValue('os', 'windows 11')).toBe('Windows 11');
    expect(canonicalSlotValue('os', 'a Mac')).toBe('macOS');
    expect(canonicalSlotValue('os', 'Haiku')).toBe('Haiku');
    expect(canonicalSlotValue('plan', 'Pro')).toBe('Pro plan');
  });
});
