import { EN_KEY_FACT_RULES } from './key-fact-rules-en';
import { RU_KEY_FACT_RULES } from './key-fact-rules-ru';
import { ZH_KEY_FACT_RULES } from './key-fact-rules-zh';
import type { KeyFactLanguageRules, ValueRule } from './key-fact-rule-types';
import { UNIVERSAL_VALUE_RULES } from './key-fact-values';

/**
 * The registered languages. All of them apply to every message, because people mix
 * scripts ("у меня Windows 11", "我用的是 Mac"): adding a language is one module and one line here.
 */
export const KEY_FACT_LANGUAGE_RULES: readonly KeyFactLanguageRules[] = [EN_KEY_FACT_RULES, RU_KEY_FACT_RULES, ZH_KEY_FACT_RULES];

export const ALL_VALUE_RULES: readonly ValueRule[] = [
  ...UNIVERSAL_VALUE_RULES,
  ...KEY_FACT_LANGUAGE_RULES.flatMap((rules) => rules.values),
];

/** Where one clause ends and the next begins: commas, dashes and contrastive conjunctions. */
export const CLAUSE_SEPARATOR =
  /[,，;；、—–]|\s-\s|(?<![A-Za-z])(?:but|whereas|while)(?![A-Za-z])|(?<![\p{L}\p{N}])(?:но|а|однако)(?![\p{L}\p{N}])|但是|不过|可是/giu;

/** Words that turn from what someone else says to the person's own case. */
export const CONTRAST =
  /(?<![A-Za-z])(?:but|however|whereas|while|though)(?![A-Za-z])|(?<![\p{L}\p{N}])(?:но|однако|а\s+у\s+меня|а\s+я)(?![\p{L}\p{N}])|但是|不过|可是|而我|我自己/giu;
