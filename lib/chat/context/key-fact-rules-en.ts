import { latinWord, valuePattern, type KeyFactLanguageRules } from './key-fact-rule-types';

/** English: "I'm on Windows 11", not "my colleague's Linux box", not "I'm not on Windows". */

const LANGUAGES: Record<string, string> = {
  english: 'English',
  russian: 'Russian',
  chinese: 'Chinese',
  mandarin: 'Chinese',
  german: 'German',
  french: 'French',
  spanish: 'Spanish',
  ukrainian: 'Ukrainian',
};

const FILLERS = String.raw`(?:(?:now|still|currently|already|mostly|also|only|just|recently|finally|actually)\s+)*`;
const ARTICLE = String.raw`(?:(?:the|a|an|my|our)\s+)?`;
const I = String.raw`(?<![A-Za-z'])(?:I|we)`;

export const EN_KEY_FACT_RULES: KeyFactLanguageRules = {
  lang: 'en',
  values: [
    {
      pattern: valuePattern(latinWord(Object.keys(LANGUAGES).join('|'))),
      read: (m) => [{ key: 'language', value: LANGUAGES[m[0].toLowerCase()] }],
      specificity: 1,
    },
  ],
  ownFrames: [
    // I'm on / we're using / I am running (the)
    new RegExp(String.raw`${I}(?:['’]m|['’]re|\s+am|\s+are)\s+${FILLERS}(?:on|using|running|with)\s+${ARTICLE}$`, 'iu'),
    // I use / I have / I switched from X to / we upgraded to
    new RegExp(
      String.raw`${I}\s+${FILLERS}(?:use|run|have|own|got|bought|installed|updated|upgraded|switched|moved|changed|migrated|went|pay\s+for|subscribe\s+to|subscribed\s+to)(?![A-Za-z])[^.!?]{0,30}?\s+${ARTICLE}$`,
      'iu',
    ),
    // my laptop runs / my OS is / my Mac
    /(?<![A-Za-z])(?:my|our)\s+(?:[\p{L}\p{N}-]+\s+){0,2}?(?:(?:is|runs|has)\s+(?:on\s+)?|:\s*)?(?:the\s+|a\s+|an\s+)?$/iu,
    // "the app says 3.4.2": the user's own client, unless someone else was named closer
    /(?<![A-Za-z])(?:the\s+|my\s+|our\s+)?(?:app|client|Quire)\s+(?:says|shows|reports|is\s+on|is)\s+$/iu,
    // Sentence opening with the subject left out: "Using Windows 11." "Switched to Linux."
    new RegExp(
      String.raw`^\s*${FILLERS}(?:using|running|on|got|have|bought|installed|testing\s+on|writing\s+from|stuck\s+on|(?:switched|moved|upgraded|updated|migrated)(?:\s+[^.!?]{0,30}?)?\s+to)\s+${ARTICLE}$`,
      'iu',
    ),
  ],
  languageFrames: [
    /(?<![A-Za-z])(?:answer|reply|respond|write|talk|speak|explain)(?:\s+to\s+me)?(?:\s+only)?\s+in\s+$/iu,
    new RegExp(String.raw`${I}\s+${FILLERS}(?:speak|prefer|read|write\s+in)\s+$`, 'iu'),
    /(?<![A-Za-z])my\s+(?:native\s+|preferred\s+|first\s+)?language\s+is\s+$/iu,
  ],
  ownMarkers: /(?<![A-Za-z])(?:I|I['’]m|I['’]ve|I['’]d|me|my|mine|we|we['’]re|our|us)(?![A-Za-z])/giu,
  thirdPartyMarkers:
    /(?<![A-Za-z])(?:he|she|they|him|her|his|hers|them|their|theirs|colleagues?|co-?workers?|friends?|wife|husband|boss|manager|brothers?|sisters?|sons?|daughters?|dad|mom|mum|mother|father|parents?|partner|boyfriend|girlfriend|fianc[ée]e?|grand(?:ma|pa|mother|father)|aunt|uncle|cousin|kids?|children|child|family|room-?mate|flatmate|neighbou?r|teammates?|team|client|customer|someone|somebody|everyone|everybody|users?|people|guy|designer|developer|admin|intern|students?|teacher)(?:['’]s)?(?![A-Za-z])/giu,
  negation: /(?:(?<![A-Za-z])(?:not|never|no|nor|without)(?![A-Za-z])|n['’]t(?![A-Za-z]))(?:\s+\S+){0,2}\s*$/iu,
  replacedBefore: new RegExp(String.raw`(?<![A-Za-z])(?:instead\s+of|rather\s+than)\s+${ARTICLE}$`, 'iu'),
  fromBefore: /(?<![A-Za-z])from\s+(?:the\s+|a\s+|an\s+|my\s+)?$/iu,
  change:
    /(?<![A-Za-z])(?:switched|switching|moved|changed|migrated|upgraded|updated|downgraded|went\s+with|replaced|now|no\s+longer|got\s+a\s+new|bought\s+a\s+new)(?![A-Za-z])/iu,
  notCurrent:
    /(?<![A-Za-z])(?:if|would|could|might|maybe|perhaps|planning|plan\s+to|thinking|considering|want\s+to|wanna|going\s+to|gonna|used\s+to|previously|formerly|was|were|had|wish)(?![A-Za-z])/iu,
  question:
    /^\s*(?:and\s+|but\s+|so\s+|or\s+)?(?:does|do|did|is|are|can|could|will|should|shall|may|how|what|why|where|which|when|who|any|is\s+there)(?![A-Za-z])/iu,
  negationAfter: /^\s*(?:(?:is|was)\s+not\s+mine|isn['’]t\s+mine|[,—–-]?\s*(?:not\s+any\s?more|no\s+more|no\s+longer))/iu,
  reportedSpeech:
    /(?<![A-Za-z])(?:he|she|they|colleague|co-?worker|friend|boss|manager|wife|husband|partner|brother|sister|dad|mom|mum|client|customer|someone|somebody|support|teammate|team)(?:['’]s)?\s+(?:says|said|tells\s+me|told\s+me|writes|wrote|mentioned|claims|claimed|thinks|asks|asked|keeps\s+saying)(?![A-Za-z])/iu,
  addition: /(?<![A-Za-z])(?:too|also|as\s+well|besides|another|additionally)(?![A-Za-z])/iu,
  usage:
    /(?<![A-Za-z])(?:use|uses|using|run|runs|running|on|have|has|got|own|owns|is|are|am|with|from|bought|installed|upgraded|updated|switched|moved|stuck|testing|writing|working|work)(?![A-Za-z])|['’](?:s|m|re|ve)(?![A-Za-z])|:\s*/iu,
  deviceNouns: {
    phone: /(?<![A-Za-z])(?:phone|smartphone|mobile|cell(?:\s?phone)?)s?(?![A-Za-z])/giu,
    computer: /(?<![A-Za-z])(?:laptop|computer|pc|desktop|notebook|machine|workstation)s?(?![A-Za-z])/giu,
    tablet: /(?<![A-Za-z])tablets?(?![A-Za-z])/giu,
    system: /(?<![A-Za-z])(?:OS|operating\s+system|system)(?![A-Za-z])/giu,
  },
  ownAfter: /^\s*(?:(?:on|in)\s+(?:my|our)\s|(?:is\s+)?mine(?![A-Za-z])|here(?![A-Za-z]))/iu,
  jointMarkers:
    /(?<![A-Za-z])(?:(?:I|me)\s+and\s+(?:my\s+)?[A-Za-z]+|[A-Za-z]+\s+and\s+(?:I|me)|including\s+me|both\s+of\s+us)(?![A-Za-z])/giu,
  topicBefore: /(?<![A-Za-z])(?:about|for|regarding|re:|support\s+for|version\s+for)\s+(?:the\s+|a\s+|an\s+)?$/iu,
  productAfter: /^\s*(?:version|versions|app|apps|client|build|release|support|installer|download|users?|port)(?![A-Za-z])/iu,
  places: {
    work: /(?<![A-Za-z])(?:(?:at|for|in)\s+(?:work|the\s+office|my\s+job|the\s+job)|(?:work|office|company|job)(?:['’]s)?\s+(?:laptop|computer|pc|machine|desktop|notebook))(?![A-Za-z])/iu,
    home: /(?<![A-Za-z])(?:at\s+home|(?:home|personal|private)\s+(?:laptop|computer|pc|machine|desktop|notebook))(?![A-Za-z])/iu,
  },
};
