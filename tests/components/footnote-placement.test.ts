import { describe, expect, it } from 'vitest';
import { placePopover } from '@/components/canvas/footnote-source-popover';

const size = { width: 336, height: 200 };

describe('a footnote popover stays on screen', () => {
  it('opens below a chip with room below', () => {
    expect(placePopover({ top: 100, bottom: 116, left: 300 }, size, { width: 1280, height: 800 })).toEqual({ top: 122, left: 284 });
  });

  it('flips above a chip at the bottom of the screen', () => {
    const place = placePopover({ top: 780, bottom: 796, left: 300 }, size, { width: 1280, height: 800 });
    expect(place.top + size.height).toBeLessThanOrEqual(780);
    expect(place.top).toBe(574);
  });

  it('shifts left on a phone, and never past the top when neither side has room', () => {
    const phone = { width: 390, height: 300 };
    const place = placePopover({ top: 120, bottom: 136, left: 370 }, { width: 374, height: 260 }, phone);
    expect(place.left).toBe(8);
    expect(place.top).toBeGreaterThanOrEqual(8);
    expect(place.top + 260).toBeLessThanOrEqual(phone.height - 8 + 0.5);
  });
});
