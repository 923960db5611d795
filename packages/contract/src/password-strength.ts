import { MESSAGES } from './message-codes';
/*
 * Password strength, the same on both sides (issue 12, item 9): zxcvbn-ts with its common and
 * English dictionaries plus a curated Indian list (indian-words.ts). The dictionaries weigh about
 * 1.5 MB, so the web app loads this module only on the screens that set a password (a dynamic
 * import), never in the landing page's first load. The estimator is built on the first check.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';
import { INDIAN_WORDS } from './indian-words';

/** zxcvbn's 0-4 scale; 3 is "safely unguessable: moderate protection from offline slow-hash attacks". */
export const MIN_PASSWORD_SCORE = 3;

/** Labels for the meter, by score. */
export const STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  label: (typeof STRENGTH_LABELS)[number];
  /** True when the password may be used. */
  acceptable: boolean;
  /** Why it is refused and what would help; null when acceptable. */
  message: string | null;
  /**
   * The same reasons by key, for a screen in another language: `tooEasy`, then zxcvbn's own
   * (`warnings.dates`, `suggestions.anotherWord`) or `addWords` when it gives none; empty when
   * acceptable. The web app's auth catalog words each key (English as zxcvbn says it).
   */
  reasons: string[];
}

/** zxcvbn's English feedback by text, to its key ("Dates are easy to guess." → "warnings.dates"). */
const FEEDBACK_KEYS = new Map<string, string>(
  (['warnings', 'suggestions'] as const).flatMap((group) =>
    Object.entries(translations[group]).map(([key, text]): [string, string] => [text, `${group}.${key}`]),
  ),
);

let estimator: ZxcvbnFactory | undefined;

function getEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary, 'indian-common': [...INDIAN_WORDS] },
    // Levenshtein matching made a check take 0.5-2 s against these dictionaries (measured on the
    // shared 2-core machine), a gift to anyone flooding sign-up; plain, l33t and reversed matching stay.
    useLevenshteinDistance: false,
    // Everything past this is scored as it is; a long password is strong for its length alone.
    maxLength: 64,
  });
  return estimator;
}

/**
 * Scores a password. `personal` are the person's own details (name, email, phone), which make a
 * password easier to guess for anyone who knows them.
 */
export function passwordStrength(password: string, personal: readonly string[] = []): PasswordStrength {
  const inputs = personal.flatMap((value) => [value, ...value.split(/[@\s.+_-]+/)]).filter((value) => value.length >= 3);
  const result = getEstimator().check(password, inputs);
  const score = result.score;
  const acceptable = score >= MIN_PASSWORD_SCORE;
  const reasons = [result.feedback.warning, ...result.feedback.suggestions].filter((text): text is string => Boolean(text));
  const message = acceptable
    ? null
    : [MESSAGES.PASSWORD_TOO_EASY, ...(reasons.length > 0 ? reasons : ['Add another word or two that are less common.'])].join(' ');
  const reasonKeys = acceptable
    ? []
    : ['tooEasy', ...(reasons.length > 0 ? reasons.map((text) => FEEDBACK_KEYS.get(text)).filter((key): key is string => key !== undefined) : ['addWords'])];
  return { score, label: STRENGTH_LABELS[score], acceptable, message, reasons: reasonKeys };
}
