import { describe, expect, it } from 'vitest';
import { parseRobots, robotsAllow } from './robots';

describe('robots.txt', () => {
  const text = [
    'User-agent: *',
    'Disallow: /private',
    'Allow: /private/open',
    '',
    'User-agent: OtherBot',
    'Disallow: /',
    '',
    'User-agent: Quire',
    'Disallow: /drafts/',
    'Disallow: /*.json$',
  ].join('\n');

  it('follows the group that names Quire, longest rule first', () => {
    const rules = parseRobots(text, 'Quire');
    expect(robotsAllow(rules, '/drafts/a')).toBe(false);
    expect(robotsAllow(rules, '/data.json')).toBe(false);
    expect(robotsAllow(rules, '/data.json?x=1')).toBe(true);
    // the * group does not apply once a group names Quire
    expect(robotsAllow(rules, '/private')).toBe(true);
  });

  it('falls back to the * group; the longer Allow wins over a shorter Disallow', () => {
    const rules = parseRobots(text, 'SomeoneElse');
    expect(robotsAllow(rules, '/private/x')).toBe(false);
    expect(robotsAllow(rules, '/private/open/page')).toBe(true);
    expect(robotsAllow(rules, '/public')).toBe(true);
  });

  it('an empty Disallow allows everything', () => {
    expect(robotsAllow(parseRobots('User-agent: *\nDisallow:', 'Quire'), '/anything')).toBe(true);
  });
});
