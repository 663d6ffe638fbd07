import { describe, expect, it } from 'vitest';
import { firstValues } from '@/components/server/search-params';

describe('a page address with a filter named twice', () => {
  it('reads each name once, its first value, and leaves out names not given', () => {
    expect(firstValues({ user: ['a@example.com', 'b@example.com'], status: 'stopped', other: 'x' }, ['user', 'status', 'model'])).toEqual({
      user: 'a@example.com',
      status: 'stopped',
    });
  });
});
