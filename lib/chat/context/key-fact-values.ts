import { latinWord, valuePattern, type ValueRule } from './key-fact-rule-types';

/**
 * Product names written the same in every language (brands, version numbers).
 * Localized names ("винда", "苹果电脑") live in the per-language rule modules.
 */

const VERSION = String.raw`\d+(?:\.\d+){1,3}`;

export const PLAN_NAMES: Record<string, string> = {
  pro: 'Pro plan',
  free: 'Free plan',
  plus: 'Plus plan',
  team: 'Team plan',
  business: 'Business plan',
  enterprise: 'Enterprise plan',
  premium: 'Premium plan',
  basic: 'Basic plan',
  starter: 'Starter plan',
};

const LINUX_DISTROS: Record<string, string> = {
  ubuntu: 'Ubuntu',
  debian: 'Debian',
  fedora: 'Fedora',
  'arch linux': 'Arch Linux',
  'linux mint': 'Linux Mint',
  manjaro: 'Manjaro',
  opensuse: 'openSUSE',
  centos: 'CentOS',
  'pop!_os': 'Pop!_OS',
  kali: 'Kali',
  rhel: 'RHEL',
};

function capitalizeWords(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(^|\s)(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}

export const UNIVERSAL_VALUE_RULES: ValueRule[] = [
  {
    pattern: valuePattern(latinWord(String.raw`(?:Microsoft\s+)?Windows(?:\s*(11|10|8\.1|8|7|XP|Vista))?|Win\s?(11|10|7)`)),
    read: (m) => {
      const version = (m[1] ?? m[2])?.toUpperCase();
      return [{ key: 'os', value: version ? `Windows ${version}` : 'Windows' }];
    },
    specificity: 2,
  },
  {
    pattern: valuePattern(
      latinWord(String.raw`mac\s?OS(?:\s*X)?(?:\s+(\d+(?:\.\d+)?|Sonoma|Sequoia|Ventura|Monterey|Big Sur|Tahoe))?|OS\s?X`),
    ),
    read: (m) => [{ key: 'os', value: m[1] ? `macOS ${capitalizeWords(m[1])}` : 'macOS' }],
    specificity: 3,
  },
  {
    // A Mac is both a device and, for the model's purposes, macOS.
    pattern: valuePattern(latinWord(String.raw`MacBook(?:\s+(?:Air|Pro))?|iMac|Mac\s?mini|Mac\s?Studio|Mac(?!\s?OS)`)),
    read: (m) => [
      { key: 'os', value: 'macOS' },
      {
        key: 'device',
        value: /^mac$/i.test(m[0])
          ? 'Mac'
          : capitalizeWords(m[0])
              .replace(/^Macbook/, 'MacBook')
              .replace(/^Imac/, 'iMac'),
      },
    ],
    specificity: 2,
  },
  {
    pattern: valuePattern(
      latinWord(
        `(${Object.keys(LINUX_DISTROS)
          .map((name) => name.replace(/\s/g, '\\s+'))
          .join('|')})(?:\\s+(\\d+(?:\\.\\d+)*))?`,
      ),
    ),
    read: (m) => {
      const distro = LINUX_DISTROS[m[1].toLowerCase().replace(/\s+/g, ' ')] ?? capitalizeWords(m[1]);
      return [{ key: 'os', value: `Linux (${distro}${m[2] ? ` ${m[2]}` : ''})` }];
    },
    specificity: 3,
  },
  { pattern: valuePattern(latinWord('Linux')), read: () => [{ key: 'os', value: 'Linux' }], specificity: 1 },
  {
    pattern: valuePattern(latinWord(String.raw`Android(?:\s+(\d+))?`)),
    read: (m) => [{ key: 'phone_os', value: m[1] ? `Android ${m[1]}` : 'Android' }],
    specificity: 2,
  },
  {
    pattern: valuePattern(latinWord(String.raw`iOS(?:\s+(\d+(?:\.\d+)?))?|iPadOS(?:\s+(\d+))?`)),
    read: (m) =>
      m[0].toLowerCase().startsWith('ipados')
        ? [{ key: 'tablet', value: 'iPad' }]
        : [{ key: 'phone_os', value: m[1] ? `iOS ${m[1]}` : 'iOS' }],
    specificity: 2,
  },
  {
    pattern: valuePattern(latinWord(String.raw`iPhone(?:\s+(?:\d+|SE|X[RS]?))?(?:\s+(?:Pro\s+Max|Pro|Plus|mini))?`)),
    read: (m) => [
      { key: 'phone', value: m[0].replace(/\s+/g, ' ').replace(/^iphone/i, 'iPhone') },
      { key: 'phone_os', value: 'iOS', implied: true },
    ],
    specificity: 3,
  },
  {
    pattern: valuePattern(latinWord(String.raw`iPad(?:\s+(?:Pro|Air|mini))?`)),
    read: (m) => [{ key: 'tablet', value: m[0].replace(/\s+/g, ' ').replace(/^ipad/i, 'iPad') }],
    specificity: 3,
  },
  {
    pattern: valuePattern(latinWord('Chromebook|Chrome\\s?OS')),
    read: (m) =>
      /book/i.test(m[0])
        ? [
            { key: 'device', value: 'Chromebook' },
            { key: 'os', value: 'ChromeOS' },
          ]
        : [{ key: 'os', value: 'ChromeOS' }],
    specificity: 2,
  },
  {
    // "version 3.4.2", "App version: 3.4.2", "v3.4.2", "Quire 3.4.2"
    pattern: valuePattern(
      latinWord(
        String.raw`(?:(?:app|client|Quire)\s+)?(?:version|ver\.?)(?:\s+of\s+(?:the\s+)?(?:app|client|Quire))?\s*(?:is\s+|:\s*|-\s*)?v?(${VERSION})|v(${VERSION})|Quire\s+(${VERSION})`,
      ),
    ),
    read: (m) => [{ key: 'app_version', value: m[1] ?? m[2] ?? m[3] }],
    specificity: 2,
    opensStatement: true,
  },
  {
    pattern: valuePattern(
      latinWord(
        String.raw`(Pro|Free|Plus|Team|Business|Enterprise|Premium|Basic|Starter)\s+(?:plan|tier|subscription|membership|account)|(?:plan|tier|subscription)\s+(?:is\s+)?(Pro|Free|Plus|Team|Business|Enterprise|Premium|Basic|Starter)`,
      ),
    ),
    read: (m) => [{ key: 'plan', value: PLAN_NAMES[(m[1] ?? m[2]).toLowerCase()] }],
    specificity: 2,
  },
];
