import { valuePattern, type KeyFactLanguageRules } from './key-fact-rule-types';
import { PLAN_NAMES } from './key-fact-values';

/** Chinese: "我用的是 Mac", not "他那台 Linux", not "我用的不是 Mac"; "我换成了 Mac" is a change. */

const LANGUAGES: Record<string, string> = {
  中文: 'Chinese',
  汉语: 'Chinese',
  普通话: 'Chinese',
  英文: 'English',
  英语: 'English',
  俄语: 'Russian',
  俄文: 'Russian',
  德语: 'German',
  法语: 'French',
  西班牙语: 'Spanish',
};

const PLANS: Record<string, string> = {
  专业版: 'pro',
  免费版: 'free',
  免费用户: 'free',
  团队版: 'team',
  企业版: 'enterprise',
  高级版: 'premium',
  高级会员: 'premium',
  基础版: 'basic',
  商业版: 'business',
};

// Chinese has no spaces between words, so frames are anchored on characters; "一台/一部" are measure words.
const FILLERS = '(?:现在|目前|一直|平时|也|还|都|主要|已经|刚|在公司|在单位|在办公室|在家里?|公司|家里|上班)*';
const MEASURE = '(?:一台|一部|一个|台|部|个|的是)?';

export const ZH_KEY_FACT_RULES: KeyFactLanguageRules = {
  lang: 'zh',
  values: [
    {
      pattern: valuePattern('苹果电脑|苹果笔记本'),
      read: () => [
        { key: 'os', value: 'macOS' },
        { key: 'device', value: 'Mac' },
      ],
      specificity: 1,
    },
    {
      pattern: valuePattern('苹果手机'),
      read: () => [
        { key: 'phone', value: 'iPhone' },
        { key: 'phone_os', value: 'iOS', implied: true },
      ],
      specificity: 2,
    },
    {
      pattern: valuePattern(String.raw`安卓(?:系统)?\s*(\d{1,2}(?![\d.]))?(?:手机)?`),
      read: (m) => [{ key: 'phone_os', value: m[1] ? `Android ${m[1]}` : 'Android' }],
      specificity: 2,
    },
    { pattern: valuePattern('视窗系统'), read: () => [{ key: 'os', value: 'Windows' }], specificity: 1 },
    {
      pattern: valuePattern(
        String.raw`(?:客户端|应用|软件)?版本号?\s*(?:是|为|:|：)?\s*v?(\d+(?:\.\d+){1,3})|v?(\d+(?:\.\d+){1,3})\s*(?:版本|版)`,
      ),
      read: (m) => [{ key: 'app_version', value: m[1] ?? m[2] }],
      specificity: 2,
      opensStatement: true,
    },
    {
      pattern: valuePattern(`${Object.keys(PLANS).join('|')}|(Pro|Plus|Team)\\s*(?:版|会员|套餐)`),
      read: (m) => [{ key: 'plan', value: PLAN_NAMES[m[1] ? m[1].toLowerCase() : PLANS[m[0]]] }],
      specificity: 2,
    },
    {
      pattern: valuePattern(Object.keys(LANGUAGES).join('|')),
      read: (m) => [{ key: 'language', value: LANGUAGES[m[0]] }],
      specificity: 1,
    },
  ],
  ownFrames: [
    // 我用的是 / 我现在用 / 我有一台 / 我是（专业版用户）
    new RegExp(
      `我们?\\s*${FILLERS}\\s*(?:用的是|用的|在用|使用|用|装的是|装的|装了|是|有|买了|开通了|订阅了|升级到了?|更新到了?|换成了?|换到了?|改用了?|转到了?|换了|换)\\s*${MEASURE}\\s*$`,
      'u',
    ),
    // 我从 Windows 换成了
    /我们?[^。！？，,]{0,12}?(?:换成|换到|改用|转到|升级到|更新到)了?\s*$/u,
    // 我的 Mac / 我的电脑是 / 我电脑是
    /我们?的?\s*(?:公司|家里|家用|单位|工作)?的?\s*(?:电脑|手机|系统|笔记本|设备|版本|套餐|会员|账号|操作系统)?\s*(?:是|用的是|装的是|为|上的?)?\s*$/u,
    // 用的是 Windows 11（主语省略）
    new RegExp(`^\\s*${FILLERS}\\s*(?:用的是|在用|用|装的是|装了|买了|新买了|换成了?|改用了?|升级到了?|更新到了?)\\s*${MEASURE}\\s*$`, 'u'),
    // 我这边是 / 我这台是 / 我自己的是
    /我们?(?:这边|这里|这台|那台|自己的?|自己)\s*(?:用的)?(?:是|用)?\s*$/u,
  ],
  languageFrames: [/(?:请|麻烦)?(?:用|以|说)\s*$/u, /我们?\s*(?:说|讲|会说|习惯用)\s*$/u, /母语是\s*$/u],
  ownMarkers: /我们|咱们|本人|我/gu,
  thirdPartyMarkers:
    /他们|她们|他|她|同事|朋友|老婆|老公|妻子|丈夫|老板|领导|哥|姐|弟|妹|爸|妈|父母|儿子|女儿|孩子|小孩|别人|客户(?!端)|室友|同学|家人|男朋友|女朋友|对象|老师|学生|邻居|大家|所有人/gu,
  negation: /[不没非别无][^。！？，,]{0,2}$/u,
  replacedBefore: /(?:而不是|而非|代替)\s*$/u,
  fromBefore: /(?:从|由)\s*$/u,
  change: /换成|换到|换了|我们?\s*换|改用|改成|转到|转用|升级到|升级成|升级了|更新到|更新了|现在|已经换|新买了/u,
  notCurrent: /如果|要是|假如|打算|想换|想买|准备|考虑|以前|之前|原来|曾经|可能/u,
  question: /吗|是否|能不能|可不可以|怎么|为什么|哪|什么/u,
  negationAfter: /^\s*(?:不是我的|已经不用了|不用了)/u,
  reportedSpeech: /(?:同事|朋友|老板|领导|他们|她们|他|她|客户|别人|老婆|老公|家人|同学|室友|客服)\s*(?:说|讲|告诉我|表示|称|问|觉得)/u,
  addition: /也|还有|另外/u,
  usage: /[用是装有买换升更开订这那的上在]|[:：]\s*$/u,
  deviceNouns: {
    phone: /手机|智能机/gu,
    computer: /电脑|笔记本|台式机|主机|本子/gu,
    tablet: /平板/gu,
    system: /系统/gu,
  },
  ownAfter: /^\s*(?:是我的)/u,
  jointMarkers: /我和[^，,。！？]{1,6}?(?:都|一样)|[^，,。！？]{1,6}?和我(?:都|一样)|我们俩|我们两个/gu,
  topicBefore: /(?:关于|支持|对于|适用于|针对)\s*$/u,
  productAfter: /^\s*(?:版本?|客户端|应用|app|用户)/iu,
  places: { work: /公司|单位|办公室|上班/u, home: /家里|在家|家用|自己的/u },
};
