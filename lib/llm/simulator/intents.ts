/**
 * What the user's last message asks for, recognised by keywords in English,
 * Russian and Chinese. Letter-class lookarounds stand in for `\b`, which
 * JavaScript only understands for ASCII.
 */
const word = (alternatives: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, 'iu');
const stem = (alternatives: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})`, 'iu');

const HOW_TO = [
  word(
    "how|why|error|errors|can't|cant|cannot|can not|unable|fail|fails|failed|failing|password|install|installing|reset|export|import|billing|invoice|refund|login|log in|sign in|account|crash|crashes|crashing|broken|problem|issue|fix|setup|set up|configure|update|upgrade|uninstall|delete|subscription|payment|charged|not working|doesn't work|does not work|won't|troubleshoot",
  ),
  word('как|почему|не могу|не получается|не работает|пароль|пароля|паролем'),
  stem('ошиб|установ|сброс|экспорт|импорт|оплат|счёт|счет|вход|войти|аккаунт|настро|обнов|удал|подписк|сбо[йи]|вылета'),
  /怎么|怎样|如何|为什么|错误|报错|无法|不能|密码|安装|重置|导出|导入|账单|付款|支付|登录|账户|账号|设置|更新|删除|订阅|崩溃|失败/u,
];

const GREETING_PHRASES = [
  /(?<![\p{L}])(?:hello|hi|hey|good (?:morning|afternoon|evening)|how are you(?: doing)?|what can you do|who are you|thanks|thank you)(?![\p{L}])/giu,
  /(?<![\p{L}])(?:привет|здравствуй(?:те)?|добрый (?:день|вечер|утро)|доброе утро|как дела|что ты умеешь|кто ты|спасибо)(?![\p{L}])/giu,
  /你好|您好|嗨|你能做什么|你会做什么|你是谁|谢谢/gu,
];

export function isHowToQuestion(text: string): boolean {
  return HOW_TO.some((pattern) => pattern.test(text));
}

/**
 * A greeting is a message whose greeting phrases, once removed, leave no
 * how-to question: "hello" is a greeting, "hello, how do I reset…" is not.
 */
export function isGreeting(text: string): boolean {
  let rest = text;
  let greeted = false;
  for (const pattern of GREETING_PHRASES) {
    rest = rest.replace(pattern, () => {
      greeted = true;
      return ' ';
    });
  }
  return greeted && !isHowToQuestion(rest);
}

const REMEMBER = [
  /(?<![\p{L}])(?:please\s+)?remember(?:\s+that)?[\s:,]+(.+)/isu,
  /(?<![\p{L}])(?:пожалуйста,?\s+)?запомни(?:те)?(?:,?\s*что)?[\s:,]+(.+)/isu,
  /记住[：:，,\s]*(.+)/su,
];

/** The fact after "remember that …", or null. */
export function rememberedFact(text: string): string | null {
  for (const pattern of REMEMBER) {
    const fact = pattern
      .exec(text)?.[1]
      ?.trim()
      .replace(/[.!。！]+$/u, '');
    if (fact) return fact;
  }
  return null;
}

const DOCUMENT_REQUEST = [
  word('write|draft|create|prepare|compose|produce|make').source +
    '[^.?!\\n]{0,40}?' +
    word('report|proposal|article|manual|document|guide|whitepaper|white paper|memo|brief|essay').source,
  stem('напиш|подготов|состав|созда|сдела').source +
    '[^.?!\\n]{0,40}?' +
    stem('отч[её]т|предложени|стат[ьея]|руководств|документ|доклад|инструкци|справк').source,
  '(?:写|起草|撰写|创建|准备|编写)[^。？！\\n]{0,20}?(?:报告|提案|建议书|文章|手册|文档|指南)',
].map((source) => new RegExp(source, 'iu'));

export function isDocumentRequest(text: string): boolean {
  return DOCUMENT_REQUEST.some((pattern) => pattern.test(text));
}

const LIST_REQUEST = [
  /(?<![\p{L}])(?:list|enumerate|name|give me|write)\s+(?:me\s+)?(\d{1,4})(?![\d])/iu,
  /(?<![\p{L}])(?:перечисли|назови|составь список из|выпиши|приведи)\s+(\d{1,4})(?![\d])/iu,
  /(?:列出|列举|写出|给我)\s*(\d{1,4})/u,
];

/** N from "list N …" / "перечисли N …" / "列出N…", or null. */
export function requestedListLength(text: string): number | null {
  for (const pattern of LIST_REQUEST) {
    const match = pattern.exec(text);
    if (match) return Number.parseInt(match[1], 10);
  }
  return null;
}

const STOPWORDS = new Set(
  (
    'a an the i me my we our you your it its is are was were be been do does did to of in on at for with ' +
    "and or but how what why when where which can cant cannot can't could should would will please help " +
    'hello hi hey there this that these those get got not no any some from by about into up out tell explain describe show' +
    ' я мне мой моя моё мои мы вы ты он она оно они как что почему где когда не могу можно ли в на с по ' +
    'и или но к у о об из за для это этот эта мой пожалуйста помогите помоги привет расскажи объясни опиши про'
  ).split(/\s+/),
);

const CHINESE_FILLER = /我|你|的|了|吗|呢|吧|啊|请问|请|介绍|一下|怎么办|怎么|如何|为什么|能|可以|要|想|在|是|把|一下|什么/gu;

/** The content words of a question, as a search query. */
export function searchKeywords(text: string): string {
  if (/\p{Script=Han}/u.test(text) && !/\p{Script=Latin}{3,}/u.test(text)) {
    const query = text
      .replace(/[\p{P}\p{S}\s]+/gu, ' ')
      .replace(CHINESE_FILLER, '')
      .trim();
    return query.replace(/\s+/g, ' ') || text.trim();
  }
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}'’-]+/u)
    .map((w) => w.replace(/^['’-]+|['’-]+$/g, ''))
    .filter((w) => w.length > 1 && !STOPWORDS.has(w));
  return words.slice(0, 6).join(' ') || text.trim().slice(0, 60);
}

const WEB_LOOKUP =
  /\b(?:search the web|web search|on the web|on the internet|online|look (?:it |this |that )?up|latest news)\b|в интернете|в сети|поищи|загугли|网上|搜索一下/iu;

/** "Search the web for …", "look up …", "найди в интернете …": a question for the web, not the help center. */
export function isWebLookup(text: string): boolean {
  return WEB_LOOKUP.test(text);
}
