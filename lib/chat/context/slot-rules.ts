import { EN_SLOT_RULES } from './slot-rules-en';
import { RU_SLOT_RULES } from './slot-rules-ru';
import { ZH_SLOT_RULES } from './slot-rules-zh';
import type { SlotLanguageRules, ValueRule } from './slot-rule-types';
import { UNIVERSAL_VALUE_RULES } from './slot-values';

/**
 * The registered languages. All of them apply to every message, because people mix
 * scripts ("у меня Windows 11", "我用的是 Mac"): adding a language is one module and one line here.
 */
export const SLOT_LANGUAGE_RULES: readonly SlotLanguageRules[] = [EN_SLOT_RULES, RU_SLOT_RULES, ZH_SLOT_RULES];

export const ALL_VALUE_RULES: readonly ValueRule[] = [...UNIVERSAL_VALUE_RULES, ...SLOT_LANGUAGE_RULES.flatMap((rules) => rules.values)];

/** Where one clause ends and the next begins: commas, dashes and contrastive conjunctions. */
export const CLAUSE_SEPARATOR =
  /[,，;；、—–]|\s-\s|(?<![A-Za-z])(?:but|whereas|while)(?![A-Za-z])|(?<![\p{L}\p{N}])(?:но|а|однако)(?![\p{L}\p{N}])|但是|不过|可是/giu;

/** Words that turn from what someone else says to the person's own case. */
export const CONTRAST =
  /(?<![A-Za-z])(?:but|however|whereas|while|though)(?![A-Za-z])|(?<![\p{L}\p{N}])(?:но|однако|а\s+у\s+меня|а\s+я)(?![\p{L}\p{N}])|但是|不过|可是|而我|我自己/giu;
