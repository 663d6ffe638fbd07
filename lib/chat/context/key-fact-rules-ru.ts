import { letterWord, valuePattern, type KeyFactLanguageRules } from './key-fact-rule-types';
import { PLAN_NAMES } from './key-fact-values';

/** Russian: "у меня Windows 11", not "у коллеги Linux", not "у меня не Windows"; "я перешёл на Mac" is a change. */

const W = (source: string) => new RegExp(letterWord(source), 'giu');

const LANGUAGE_STEMS: Record<string, string> = {
  русск: 'Russian',
  английск: 'English',
  китайск: 'Chinese',
  немецк: 'German',
  французск: 'French',
  испанск: 'Spanish',
  украинск: 'Ukrainian',
};

const PLAN_WORDS: Record<string, string> = {
  бесплатн: 'free',
  базов: 'basic',
  командн: 'team',
  бизнес: 'business',
  корпоративн: 'enterprise',
  премиум: 'premium',
  про: 'pro',
};

function planFromWord(word: string): string {
  const lower = word.toLowerCase();
  const stem = Object.keys(PLAN_WORDS).find((prefix) => lower.startsWith(prefix));
  return PLAN_NAMES[stem ? PLAN_WORDS[stem] : lower] ?? PLAN_NAMES.pro;
}

const PLAN_NAME = String.raw`Pro|Free|Plus|Team|Business|Enterprise|Premium|Про|Премиум|Бизнес|Бесплатн\p{L}*|Базов\p{L}*|Командн\p{L}*|Корпоративн\p{L}*`;
const FILLERS = String.raw`(?:(?:сейчас|теперь|уже|тоже|всё\s+ещё|все\s+еще|давно|только|вообще)\s+)*`;
const VERBS = String.raw`пользуюсь|пользуемся|использую|используем|юзаю|сижу|сидим|работаю|работаем|пишу|захожу|поставил[аи]?|установил[аи]?|купил[аи]?|оплатил[аи]?|оформил[аи]?|подключил[аи]?|взял[аи]?|перешл[аи]|перешёл|перешел|переехал[аи]?|обновил(?:ся|ась|ись|а|и)?|поменял[аи]?|сменил[аи]?`;

export const RU_KEY_FACT_RULES: KeyFactLanguageRules = {
  lang: 'ru',
  values: [
    {
      pattern: W(String.raw`(?:винд(?:а|ы|у|е|ой|овс|оус|ows)|виндоус)(?:\s+(11|10|8\.1|8|7|XP))?`),
      read: (m) => [{ key: 'os', value: m[1] ? `Windows ${m[1].toUpperCase()}` : 'Windows' }],
      specificity: 1,
    },
    { pattern: W('макос|мак\\s?ос'), read: () => [{ key: 'os', value: 'macOS' }], specificity: 2 },
    {
      pattern: W('макбук\\p{L}*|мак(?:а|е|у|ом)?'),
      read: (m) => [
        { key: 'os', value: 'macOS' },
        { key: 'device', value: m[0].toLowerCase().startsWith('макбук') ? 'MacBook' : 'Mac' },
      ],
      specificity: 1,
    },
    {
      pattern: W('линукс\\p{L}*|линух\\p{L}*|убунт\\p{L}*'),
      read: (m) => [{ key: 'os', value: /^убунт/i.test(m[0]) ? 'Linux (Ubuntu)' : 'Linux' }],
      specificity: 1,
    },
    {
      pattern: W(String.raw`андроид\p{L}*(?:\s+(\d{1,2})(?![\d.]))?`),
      read: (m) => [{ key: 'phone_os', value: m[1] ? `Android ${m[1]}` : 'Android' }],
      specificity: 1,
    },
    {
      pattern: W(String.raw`айфон\p{L}*(?:\s+(\d{1,2}|SE|XR|XS|X)(?:\s+(Pro\s+Max|Pro|Plus|mini|про))?)?`),
      read: (m) => [
        { key: 'phone', value: ['iPhone', m[1]?.toUpperCase(), m[2]?.replace(/^про$/i, 'Pro')].filter(Boolean).join(' ') },
        { key: 'phone_os', value: 'iOS', implied: true },
      ],
      specificity: 2,
    },
    { pattern: W('айпад\\p{L}*'), read: () => [{ key: 'tablet', value: 'iPad' }], specificity: 2 },
    {
      pattern: W(String.raw`верси[яиюей](?:\s+(?:приложения|клиента|программы|Quire))?\s*(?:—|-|:)?\s*v?(\d+(?:\.\d+){1,3})`),
      read: (m) => [{ key: 'app_version', value: m[1] }],
      specificity: 2,
      opensStatement: true,
    },
    {
      pattern: W(
        String.raw`(?:тариф\p{L}*|план\p{L}*|подписк\p{L}*)\s+(?:на\s+)?[«"]?(${PLAN_NAME})[»"]?|(${PLAN_NAME})\s+(?:тариф\p{L}*|план\p{L}*|подписк\p{L}*)`,
      ),
      read: (m) => [{ key: 'plan', value: planFromWord(m[1] ?? m[2]) }],
      specificity: 2,
    },
    {
      pattern: W(`(?:по-)?(${Object.keys(LANGUAGE_STEMS).join('|')})(?:ий|ом|ого|ому|и)`),
      read: (m) => [{ key: 'language', value: LANGUAGE_STEMS[m[1].toLowerCase()] }],
      specificity: 1,
    },
  ],
  ownFrames: [
    // у меня (стоит|ноут на) …
    /(?<![\p{L}\p{N}])у\s+(?:меня|нас)\s+(?:[\p{L}\p{N}.-]+\s+){0,2}$/iu,
    // я (сижу) на … / я с айфона / я на тарифе …
    new RegExp(String.raw`(?<![\p{L}\p{N}])(?:я|мы)\s+${FILLERS}(?:(?:сижу|сидим|работаю|пишу|захожу)\s+)?(?:на|с|со|в)\s+$`, 'iu'),
    // (я) пользуюсь … / перешёл с X на … / поставил …
    new RegExp(
      String.raw`(?<![\p{L}\p{N}])(?:(?:я|мы)\s+)?${FILLERS}(?:${VERBS})(?![\p{L}\p{N}])(?:\s+[^.!?]{0,30}?)?\s+(?:на\s+|до\s+|в\s+)?$`,
      'iu',
    ),
    // "На работе у меня Windows, а дома Mac": the clause opens with the place
    /^\s*(?:(?:а|и|но)\s+)?(?:дома|на\s+работе|в\s+офисе)\s+(?:у\s+меня\s+)?(?:(?:сижу\s+)?на\s+)?$/iu,
    // "Стоит Windows 7", "Пишу с телефона на андроиде": the subject left out
    /^\s*(?:(?:а|и|но)\s+)?(?:стоит|стоят|установлен\p{L}*|сижу|работаю|пишу|пользуюсь|захожу)\s+(?:[^.!?]{0,30}?\s+)?(?:на|с|со|в)?\s*$/iu,
    // "…, а теперь Mac": the clause opens with the change itself
    /^\s*(?:(?:а|но|и)\s+)?(?:сейчас|теперь)\s+(?:у\s+меня\s+)?(?:на\s+)?$/iu,
    // «приложение пишет версия 3.4.2»: клиент самого пользователя
    /(?<![\p{L}\p{N}])(?:приложение|клиент|Quire)\s+(?:пишет|показывает|говорит)\s*:?\s*$/iu,
    // мой ноут на … / моя версия — …
    /(?<![\p{L}\p{N}])(?:мой|моя|моё|мое|мои|моём|моем|моей|моего|моим|наш\p{L}*)\s+(?:[\p{L}\p{N}-]+\s+){0,2}?(?:(?:—|-|:)\s*)?$/iu,
  ],
  languageFrames: [
    /(?<![\p{L}\p{N}])(?:отвечай(?:те)?|ответь(?:те)?|пиши(?:те)?|говори(?:те)?|общайся|общайтесь|объясняй(?:те)?)(?:,?\s+пожалуйста,?)?(?:\s+мне)?(?:\s+только)?(?:\s+на)?\s+$/iu,
    /(?<![\p{L}\p{N}])(?:я\s+)?(?:говорю|пишу|читаю|предпочитаю)(?:\s+только)?(?:\s+на)?\s+$/iu,
    /(?<![\p{L}\p{N}])(?:мой\s+)?(?:родной\s+|предпочитаемый\s+)?язык\s*(?:—|-|:)?\s*$/iu,
  ],
  ownMarkers:
    /(?<![\p{L}\p{N}])(?:я|у\s+меня|меня|мне|мной|мой|моя|моё|мое|мои|моём|моем|моей|моего|моим|моих|мы|у\s+нас|нас|нам|наш\p{L}*)(?![\p{L}\p{N}])/giu,
  thirdPartyMarkers:
    /(?<![\p{L}\p{N}])(?:он|она|они|его|её|ее|их|него|неё|нее|них|ему|ей|им|коллег\p{L}*|друг|друга|другу|друзей|друзья\p{L}*|подруг\p{L}*|жен\p{L}*|муж|мужа|мужу|брат\p{L}*|сестр\p{L}*|сын\p{L}*|доч\p{L}*|мам\p{L}*|пап\p{L}*|начальник\p{L}*|руководител\p{L}*|клиент\p{L}*|сосед\p{L}*|кто-то|кого-то|пользовател\p{L}*|дет(?:и|ей|ям|ьми)|ребён\p{L}*|ребен\p{L}*|бабушк\p{L}*|дедушк\p{L}*|родител\p{L}*|парн\p{L}*|парень|девушк\p{L}*|знаком\p{L}*|тёщ\p{L}*|тещ\p{L}*|свекр\p{L}*|тёт\p{L}*|тет[яеиюй]\p{L}*|дяд\p{L}*|внук\p{L}*|внучк\p{L}*|админ\p{L}*|айтишник\p{L}*|сотрудник\p{L}*|у\s+всех)(?![\p{L}\p{N}])/giu,
  negation: /(?<![\p{L}\p{N}])(?:не|нет|ни|без)(?![\p{L}\p{N}])(?:\s+\S+){0,2}\s*$/iu,
  replacedBefore: /(?<![\p{L}\p{N}])(?:вместо|кроме)\s+$/iu,
  fromBefore: /(?<![\p{L}\p{N}])(?:с|со)\s+$/iu,
  change:
    /(?<![\p{L}\p{N}])(?:перешл[аи]|перешёл|перешел|переехал\p{L}*|поменял\p{L}*|сменил\p{L}*|обновил\p{L}*|теперь|больше\s+не)(?![\p{L}\p{N}])/iu,
  notCurrent:
    /(?<![\p{L}\p{N}])(?:если|бы|хочу|хотел\p{L}*|планирую|думаю|собираюсь|может|возможно|раньше|был|была|было|были|когда-то|прежде)(?![\p{L}\p{N}])/iu,
  question:
    /(?:^\s*(?:а\s+|и\s+|но\s+)?(?:как|почему|зачем|где|когда|можно|разве|есть\s+ли|какой|какая|какие)(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])ли(?![\p{L}\p{N}]))/iu,
  negationAfter: /^\s*(?:[—–-]\s*)?(?:не\s+мо[йяеи]|уже\s+нет|больше\s+нет)(?![\p{L}\p{N}])/iu,
  reportedSpeech:
    /(?<![\p{L}\p{N}])(?:он|она|они|коллег\p{L}*|друг\p{L}*|подруг\p{L}*|начальник\p{L}*|руководител\p{L}*|жен\p{L}*|муж|брат\p{L}*|сестр\p{L}*|кто-то|поддержк\p{L}*|клиент\p{L}*|сосед\p{L}*)\s+(?:говорит|говорил\p{L}*|сказал\p{L}*|пишет|написал\p{L}*|утверждает|считает|спрашивает|спросил\p{L}*|уверяет)(?![\p{L}\p{N}])/iu,
  addition: /(?<![\p{L}\p{N}])(?:тоже|также|вдобавок|(?<!(?:всё|все)\s)(?:ещё|еще))(?![\p{L}\p{N}])/iu,
  usage:
    /(?<![\p{L}\p{N}])(?:на|с|со|в|через|пользу\p{L}*|использу\p{L}*|юза\p{L}*|сиж\p{L}*|сид\p{L}*|стоит|стоят|работа\p{L}*|пишу|захожу|есть|купил\p{L}*|постав\p{L}*|установ\p{L}*|обнов\p{L}*|перешл\p{L}*|перешёл|перешел|тоже|также)(?![\p{L}\p{N}])|[—–:]\s*|(?<![\p{L}\p{N}])(?:у\s+меня|у\s+нас|мой|моя|моё|мое|мои)\s+/iu,
  deviceNouns: {
    phone: /(?<![\p{L}\p{N}])(?:телефон\p{L}*|смартфон\p{L}*|мобильн\p{L}*|мобил\p{L}*|трубк\p{L}*)(?![\p{L}\p{N}])/giu,
    computer:
      /(?<![\p{L}\p{N}])(?:ноутбук\p{L}*|ноут\p{L}*|компьютер\p{L}*|комп|компа|компе|компом|компу|пк|десктоп\p{L}*|машин\p{L}*|ультрабук\p{L}*)(?![\p{L}\p{N}])/giu,
    tablet: /(?<![\p{L}\p{N}])(?:планшет\p{L}*)(?![\p{L}\p{N}])/giu,
    system: /(?<![\p{L}\p{N}])(?:ОС|операционк\p{L}*|операционн\p{L}*\s+систем\p{L}*|систем\p{L}*|ось)(?![\p{L}\p{N}])/giu,
  },
  ownAfter: /^\s*(?:у\s+меня|у\s+нас|на\s+мо[её]м|на\s+моей)(?![\p{L}\p{N}])/iu,
  jointMarkers:
    /(?<![\p{L}\p{N}])(?:мы\s+с\s+[\p{L}-]+|я\s+и\s+(?:мо[йяи]\s+)?[\p{L}-]+|[\p{L}-]+\s+и\s+я|у\s+(?:меня|нас)\s+(?:и|как)\s+у\s+[\p{L}-]+|и\s+у\s+меня)(?![\p{L}\p{N}])/giu,
  topicBefore: /(?<![\p{L}\p{N}])(?:про|о|об|для|под|насчёт|насчет|касательно)\s+$/iu,
  productAfter: /^\s*(?:верси\p{L}*|приложени\p{L}*|клиент\p{L}*|поддержк\p{L}*|сборк\p{L}*|пользовател\p{L}*)(?![\p{L}\p{N}])/iu,
  places: {
    work: /(?<![\p{L}\p{N}])(?:на\s+работе|в\s+офисе|рабоч\p{L}*)(?![\p{L}\p{N}])/iu,
    home: /(?<![\p{L}\p{N}])(?:дома|домашн\p{L}*|личн\p{L}*)(?![\p{L}\p{N}])/iu,
  },
};
