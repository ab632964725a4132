/**
 * Scores a password with zxcvbn-ts and its common and English dictionaries, in a worker thread:
 * a check of a long, patterned password is CPU-heavy and must not stall the event loop (see
 * password-policy.ts). The dictionaries load once per worker.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * Only the first characters are scored: a strong prefix is a strong password, and the estimator's
 * cost grows with length.
 */
export const SCORED_LENGTH = 64;

const estimator = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
  maxLength: SCORED_LENGTH,
});

export interface StrengthRequest {
  password: string;
  /** Words the person's own details give away (e-mail, name): a password built on them is weak. */
  userInputs: string[];
}

export interface Strength {
  /** 0 (too guessable) to 4 (very unguessable). */
  score: number;
  warning: string | null;
  suggestions: string[];
}

export default function scorePassword({ password, userInputs }: StrengthRequest): Strength {
  const result = estimator.check(password.slice(0, SCORED_LENGTH), userInputs);
  return { score: result.score, warning: result.feedback.warning || null, suggestions: result.feedback.suggestions };
}
