import { EN_KEY_FACT_RULES } from './key-fact-rules-en';
import { RU_KEY_FACT_RULES } from './key-fact-rules-ru';
import { ZH_KEY_FACT_RULES } from './key-fact-rules-zh';
import type { KeyFactLanguageRules, ValueRule } from './key-fact-rule-types';
import { DEVICE_VALUE_RULES } from './key-fact-devices';
import { UNIVERSAL_VALUE_RULES } from './key-fact-values';

/**
 * The registered languages. All of them apply to every message, because people mix
 * scripts ("у меня Windows 11", "我用的是 Mac"): adding a language is one module and one line here.
 */
export const KEY_FACT_LANGUAGE_RULES: readonly KeyFactLanguageRules[] = [EN_KEY_FACT_RULES, RU_KEY_FACT_RULES, ZH_KEY_FACT_RULES];

export const ALL_VALUE_RULES: readonly ValueRule[] = [
  ...UNIVERSAL_VALUE_RULES,
  ...DEVICE_VALUE_RULES,
  ...KEY_FACT_LANGUAGE_RULES.flatMap((rules) => rules.values),
];

/**
 * Where one clause ends and the next begins: commas, semicolons and contrastive conjunctions.
 * A dash is not one: in Russian it is as often "is" («мой телефон — Huawei»).
 */
export const CLAUSE_SEPARATOR =
  /[,，;；、]|(?<![A-Za-z])(?:but|whereas|while|though|although)(?![A-Za-z])|(?<![\p{L}\p{N}])(?:но|а|однако|зато|хотя)(?![\p{L}\p{N}])|但是|不过|可是|但(?!愿)|而(?=我|他|她|我们)/giu;

/** A separator that turns to someone else: the clause after it does not inherit the one before's person. */
export const CONTRAST_SEPARATOR = /^(?:but|whereas|while|though|although|но|а|однако|зато|хотя|但是|不过|可是|但|而)$/iu;

/** Words that turn from what someone else says to the person's own case. */
export const CONTRAST =
  /(?<![A-Za-z])(?:but|however|whereas|while|though)(?![A-Za-z])|(?<![\p{L}\p{N}])(?:но|однако|а\s+у\s+меня|а\s+я)(?![\p{L}\p{N}])|但是|不过|可是|而我|我自己/giu;
