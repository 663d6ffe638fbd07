import { latinWord, letterWord, valuePattern, type KeyFactValue, type ValueRule } from './key-fact-rule-types';
import type { KeyFactKey } from './types';

/**
 * Devices named by brand or model family, in any of the three languages ("Xiaomi Redmi Note 12",
 * "самсунг", "华为Mate 60", "ThinkPad X1"). A brand says what kind of device it most often is
 * (Xiaomi: a phone, Lenovo: a computer); a model word ("MatePad", "Galaxy Tab", "MateBook")
 * or a device noun in the same clause ("планшет Samsung", "小米笔记本") overrides that.
 * Apple alone says nothing until a noun does ("电脑是苹果的": a Mac).
 */

export type DeviceKind = 'phone' | 'computer' | 'tablet';

type Brand = {
  /** how the value is written */
  name: string;
  /** the kind when nothing else in the clause says; null: only a device noun decides */
  kind: DeviceKind | null;
  /** Latin spelling (a regex source, whole words) */
  latin?: string;
  /** Russian and Chinese spellings (regex sources) */
  ru?: string;
  zh?: string;
  /** a phone of this brand runs Android */
  android?: boolean;
};

const BRANDS: Brand[] = [
  { name: 'Samsung', kind: 'phone', latin: 'Samsung', ru: 'самсунг\\p{L}*', zh: '三星', android: true },
  { name: 'Galaxy', kind: 'phone', latin: 'Galaxy', ru: 'галакси', android: true },
  { name: 'Xiaomi', kind: 'phone', latin: 'Xiaomi', ru: 'сяоми|ксиоми|ксяоми|шаоми', zh: '小米', android: true },
  { name: 'Redmi', kind: 'phone', latin: 'Redmi', ru: 'редми', zh: '红米', android: true },
  { name: 'POCO', kind: 'phone', latin: 'Poco|POCO', android: true },
  { name: 'Huawei', kind: 'phone', latin: 'Huawei|HUAWEI', ru: 'хуаве[йи]\\p{L}*|хуавэ[йи]\\p{L}*', zh: '华为' },
  { name: 'Honor', kind: 'phone', latin: 'Honor|HONOR', ru: 'хонор\\p{L}*', zh: '荣耀', android: true },
  { name: 'OnePlus', kind: 'phone', latin: 'One\\s?Plus|ONEPLUS', ru: 'ванплас\\p{L}*', zh: '一加', android: true },
  { name: 'OPPO', kind: 'phone', latin: 'OPPO|Oppo', ru: 'оппо', android: true },
  { name: 'vivo', kind: 'phone', latin: 'vivo|Vivo|VIVO', ru: 'виво', android: true },
  { name: 'Realme', kind: 'phone', latin: 'Realme|realme', ru: 'реалми', zh: '真我', android: true },
  { name: 'Motorola', kind: 'phone', latin: 'Motorola|Moto', ru: 'моторол\\p{L}*', zh: '摩托罗拉', android: true },
  { name: 'Nokia', kind: 'phone', latin: 'Nokia', ru: 'нокиа|нокия', zh: '诺基亚', android: true },
  { name: 'Pixel', kind: 'phone', latin: '(?:Google\\s+)?Pixel', ru: 'пиксел\\p{L}*', android: true },
  { name: 'Sony Xperia', kind: 'phone', latin: '(?:Sony\\s+)?Xperia', android: true },
  { name: 'Meizu', kind: 'phone', latin: 'Meizu', zh: '魅族', android: true },
  { name: 'Tecno', kind: 'phone', latin: 'Tecno|TECNO', ru: 'текно', android: true },
  { name: 'Lenovo', kind: 'computer', latin: 'Lenovo', ru: 'леново', zh: '联想' },
  { name: 'ThinkPad', kind: 'computer', latin: 'ThinkPad|Thinkpad', ru: 'thinkpad|синкпад\\p{L}*' },
  { name: 'IdeaPad', kind: 'computer', latin: 'IdeaPad|Ideapad' },
  { name: 'Dell', kind: 'computer', latin: 'Dell|DELL', ru: 'делл?\\p{L}{0,2}', zh: '戴尔' },
  { name: 'HP', kind: 'computer', latin: 'HP|Hewlett[-\\s]Packard', zh: '惠普' },
  { name: 'Asus', kind: 'computer', latin: 'Asus|ASUS', ru: 'асус\\p{L}*', zh: '华硕' },
  { name: 'Acer', kind: 'computer', latin: 'Acer|ACER', ru: 'асер\\p{L}*|эйсер\\p{L}*', zh: '宏碁' },
  { name: 'MSI', kind: 'computer', latin: 'MSI' },
  { name: 'Toshiba', kind: 'computer', latin: 'Toshiba', ru: 'тошиб\\p{L}*' },
  { name: 'Surface', kind: 'computer', latin: '(?:Microsoft\\s+)?Surface' },
  { name: 'MateBook', kind: 'computer', latin: 'MateBook|Matebook' },
  { name: 'MatePad', kind: 'tablet', latin: 'MatePad|Matepad' },
  { name: 'Apple', kind: null, latin: 'Apple', ru: 'эппл\\p{L}*|эпл\\p{L}*', zh: '苹果(?!电脑|笔记本|手机)' },
];

/** Model words that may follow a brand ("Redmi Note 12", "Galaxy Tab S8", "Mate 60 Pro"). */
const MODEL_WORD =
  '[A-Za-z]{0,4}\\d+[A-Za-z]{0,3}|Note|Pro|Max|Plus|Ultra|Lite|mini|Mini|Air|SE|FE|Mate|Reno|Find|[Nn]ova|Pura|Galaxy|Tab|Pad|Redmi|ThinkPad|IdeaPad|Yoga|Legion|XPS|Inspiron|Latitude|Vostro|Pavilion|EliteBook|ProBook|Envy|Spectre|Omen|ROG|TUF|Zenbook|ZenBook|Vivobook|VivoBook|Aspire|Swift|Nitro|Predator|MateBook|MatePad|Xperia|Edge|Razr|Laptop|Book|Go';
const MODEL = `(?:[ \\t]?(?:${MODEL_WORD})(?![A-Za-z0-9])){0,3}`;

/** Model words that settle the kind whatever the brand usually makes. */
const KIND_BY_MODEL: Array<[RegExp, DeviceKind]> = [
  [/\b(?:Tab|Pad|MatePad)\b/i, 'tablet'],
  [
    /\b(?:MateBook|ThinkPad|IdeaPad|Yoga|Legion|XPS|Inspiron|Latitude|Vostro|Pavilion|EliteBook|ProBook|Envy|Spectre|Omen|ROG|TUF|Zenbook|Vivobook|Aspire|Swift|Nitro|Predator|Laptop|Book)\b/i,
    'computer',
  ],
];

const KEY_OF: Record<DeviceKind, KeyFactKey> = { phone: 'phone', computer: 'device', tablet: 'tablet' };

function brandOf(written: string): Brand {
  for (const brand of BRANDS) {
    for (const source of [brand.latin, brand.ru, brand.zh]) {
      if (source && new RegExp(`^(?:${source})`, 'iu').test(written)) return brand;
    }
  }
  return BRANDS[0]!;
}

/** "xiaomi redmi note 12" → "Xiaomi Redmi Note 12"; "华为Mate 60" → "Huawei Mate 60". */
function deviceName(brand: Brand, model: string): string {
  const rest = model.trim().replace(/\s+/g, ' ');
  return rest ? `${brand.name} ${rest}` : brand.name;
}

/**
 * The values a brand mention gives, keyed by `kind`. `implied` values (a Xiaomi's Android) give
 * way to one the person names in the same sentence ("Samsung Galaxy S23, Android 14").
 */
export function deviceValues(name: string, brandName: string, kind: DeviceKind | null): KeyFactValue[] {
  const brand = BRANDS.find((b) => b.name === brandName)!;
  if (brand.name === 'Apple') {
    if (kind === 'computer')
      return [
        { key: 'os', value: 'macOS' },
        { key: 'device', value: 'Mac' },
      ];
    if (kind === 'phone')
      return [
        { key: 'phone', value: 'iPhone' },
        { key: 'phone_os', value: 'iOS' },
      ];
    if (kind === 'tablet') return [{ key: 'tablet', value: 'iPad' }];
    return [];
  }
  if (!kind) return [];
  const values: KeyFactValue[] = [{ key: KEY_OF[kind], value: name }];
  if (kind === 'phone' && brand.android) values.push({ key: 'phone_os', value: 'Android', implied: true });
  return values;
}

/** What a brand mention is before its clause is read: the written name, the brand, and the kind its model words settle. */
export type DeviceMention = { name: string; brand: string; kind: DeviceKind | null; settled: boolean };

function readDevice(match: RegExpExecArray): DeviceMention {
  const written = match[1]!;
  const brand = brandOf(written);
  const model = match[2] ?? '';
  const byModel = KIND_BY_MODEL.find(([pattern]) => pattern.test(model) || pattern.test(written))?.[1];
  return { name: deviceName(brand, model), brand: brand.name, kind: byModel ?? brand.kind, settled: Boolean(byModel) };
}

const latinSources = BRANDS.flatMap((b) => (b.latin ? [b.latin] : []));
const localSources = BRANDS.flatMap((b) => [b.ru, b.zh].filter((s): s is string => Boolean(s)));

/**
 * Brand mentions. `device` on the rule marks them: the extractor keys their values by the clause
 * (deviceValues), so `read` gives the brand's default reading for extractValues.
 */
export const DEVICE_VALUE_RULES: ValueRule[] = [
  {
    pattern: valuePattern(`${latinWord(`(${latinSources.join('|')})`)}(${MODEL})`),
    read: (m) => {
      const device = readDevice(m);
      return deviceValues(device.name, device.brand, device.kind);
    },
    device: readDevice,
    specificity: 3,
  },
  {
    pattern: valuePattern(
      `(?:${letterWord(`(${localSources.filter((s) => /\p{Script=Cyrillic}/u.test(s)).join('|')})`)}|(${localSources.filter((s) => /\p{Script=Han}/u.test(s)).join('|')}))(${MODEL})`,
    ),
    read: (m) => {
      const device = readDevice(normalized(m));
      return deviceValues(device.name, device.brand, device.kind);
    },
    device: (m) => readDevice(normalized(m)),
    specificity: 3,
  },
];

/** The local-script rule has two alternatives for the brand: fold them into group 1, the model into group 2. */
function normalized(m: RegExpExecArray): RegExpExecArray {
  const copy = [m[0], m[1] ?? m[2], m[3]] as unknown as RegExpExecArray;
  copy.index = m.index;
  return copy;
}
