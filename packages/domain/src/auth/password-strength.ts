import type { FeedbackType, ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * How hard a password is to guess, by zxcvbn-ts (Dropbox's estimator: the most used passwords,
 * common words, first names and surnames, keyboard patterns, repeats, sequences and dates, and the
 * user's own name, username and account number). The browser shows it while the user types and the
 * server refuses a weak one with the same words. The estimator and its dictionaries (some
 * megabytes) load with `loadPasswordStrength`, only where and when a password is chosen.
 */

/** The lowest score accepted: "safely unguessable", about 10^10 guesses. */
export const PASSWORD_MIN_SCORE = 3;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** Why a password is weak, as a key of the `validation` catalogue. */
export type PasswordWeakness =
  | 'passwordCommon'
  | 'passwordWords'
  | 'passwordPersonal'
  | 'passwordKeyboard'
  | 'passwordRepeats'
  | 'passwordDates'
  | 'passwordWeak';

export type PasswordStrength = {
  score: PasswordScore;
  isStrongEnough: boolean;
  /** Why it is weak; null for one strong enough. */
  weakness: PasswordWeakness | null;
};

/** zxcvbn's warnings, each told as one of ours. */
const WEAKNESS_OF: Record<string, PasswordWeakness> = {
  topTen: 'passwordCommon',
  topHundred: 'passwordCommon',
  common: 'passwordCommon',
  similarToCommon: 'passwordCommon',
  pwned: 'passwordCommon',
  wordByItself: 'passwordWords',
  namesByThemselves: 'passwordWords',
  commonNames: 'passwordWords',
  userInputs: 'passwordPersonal',
  straightRow: 'passwordKeyboard',
  keyPattern: 'passwordKeyboard',
  simpleRepeat: 'passwordRepeats',
  extendedRepeat: 'passwordRepeats',
  sequences: 'passwordRepeats',
  recentYears: 'passwordDates',
  dates: 'passwordDates',
};

/** The warnings answered as their own keys, so they map to ours above (no English text). */
const keyed = <T extends Record<string, string>>(texts: T): T =>
  Object.fromEntries(Object.keys(texts).map((key) => [key, key])) as T;

async function createEstimator(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory }, common, en] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  return new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    // zxcvbn tries every l33t reading of a password (up to 100 substitutions by default), which
    // took 250 ms for a 24-character password and 590 ms for a 120-character one, on the server's
    // event loop; four substitutions and the first 64 characters score the same passwords the same
    // in about 10 ms. A password longer than 64 characters is long enough anyway.
    l33tMaxSubstitutions: 4,
    maxLength: 64,
    translations: {
      warnings: keyed(en.translations.warnings),
      suggestions: keyed(en.translations.suggestions),
      timeEstimation: en.translations.timeEstimation,
    },
  });
}

let loading: Promise<ZxcvbnFactory> | undefined;

const weaknessOf = (feedback: FeedbackType): PasswordWeakness =>
  (feedback.warning && WEAKNESS_OF[feedback.warning]) || 'passwordWeak';

/** How strong a password is for a user known by its words; see `loadPasswordStrength`. */
export type PasswordStrengthOf = (
  password: string,
  userInputs: readonly string[],
) => PasswordStrength;

/**
 * The estimator, loaded once: `strengthOf(password, userInputs)` for a user known by `userInputs`
 * (name, username, account number, e-mail), each a word an attacker who knows the user tries first.
 */
export async function loadPasswordStrength(): Promise<PasswordStrengthOf> {
  loading ??= createEstimator().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  const estimator = await loading;
  return (password, userInputs) => strengthWith(estimator, password, userInputs);
}

function strengthWith(
  estimator: ZxcvbnFactory,
  password: string,
  userInputs: readonly string[],
): PasswordStrength {
  const inputs = userInputs
    .flatMap((input) => [input, ...input.split(/[\s@._-]+/)])
    .map((input) => input.trim().toLowerCase())
    .filter((input) => input.length >= 3);
  const result = estimator.check(password, inputs);
  const score = result.score as PasswordScore;
  const isStrongEnough = score >= PASSWORD_MIN_SCORE;
  return { score, isStrongEnough, weakness: isStrongEnough ? null : weaknessOf(result.feedback) };
}
