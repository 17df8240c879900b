import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as nl from '@zxcvbn-ts/language-nl-be';
import type { PasswordContext, PasswordVerdict } from './password-types.js';

/**
 * The heavy half of the password strength rule: zxcvbn-ts with the common-password list, the English
 * and Dutch dictionaries and keyboard layouts (megabytes). Only ever imported dynamically, through
 * password-strength.ts, so it loads once per process or page and only where a password is set.
 */

/** zxcvbn score 0–4; 3 = "safely unguessable" (at least 10^8 guesses), the bar a new password must reach. */
export const MIN_PASSWORD_SCORE = 3;

const zxcvbn = new ZxcvbnFactory({
  // Keys are distinct per package ('passwords-common', 'commonWords-en', 'commonWords' for nl).
  dictionary: { ...common.dictionary, ...en.dictionary, ...nl.dictionary },
  graphs: common.adjacencyGraphs,
  // Bounded work per password (the API judges it for anyone as it is typed, decision 082): the l33t
  // matcher grows with every substitutable character and the matchers with the length — unbounded, one
  // 200-character password held the event loop 3.8 s. 64 characters and 8 substitutions keep the worst
  // case under 100 ms on this machine; a password strong in its first 64 characters is strong.
  maxLength: 64,
  l33tMaxSubstitutions: 8,
});

/** Letters and digits only, lowercased: "Jan.Jansen@x.nl" and "janjansen" compare alike. */
function squash(value: string): string {
  return value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** The owner's words: the address, its local part and the pieces of it, the names. Very short pieces are left out. */
function personalWords({ email, firstName, lastName }: PasswordContext): string[] {
  const local = email?.split('@')[0] ?? '';
  const words = [email, local, ...local.split(/[._+-]/), firstName, lastName, `${firstName ?? ''}${lastName ?? ''}`];
  for (const name of [firstName, lastName]) words.push(...(name?.split(/\s+/) ?? []));
  return [...new Set(words.filter((w): w is string => Boolean(w)).map((w) => w.trim()))].filter(
    (w) => squash(w).length >= 3,
  );
}

/** Ok, or why not: a password under MIN_PASSWORD_SCORE, with the most telling reason for the user. */
export function estimatePasswordStrength(password: string, context: PasswordContext): PasswordVerdict {
  const personal = personalWords(context);
  const brand = [context.brand, squash(context.brand)].filter((w) => squash(w).length >= 3);
  const result = zxcvbn.check(password, [...personal, ...brand]);
  if (result.score >= MIN_PASSWORD_SCORE) return { ok: true };

  // The reason: the owner's words first (also when zxcvbn saw them as a repeat, "JanJansen1"), then the brand.
  const squashed = squash(password);
  const contains = (words: string[]) => words.some((w) => squashed.includes(squash(w)));
  const brandWords = new Set(brand.map(squash));
  const inputsUsed = result.sequence.flatMap((m) =>
    m.pattern === 'dictionary' && m.dictionaryName === 'userInputs' ? [squash(String(m.matchedWord))] : [],
  );
  if (contains(personal) || inputsUsed.some((w) => !brandWords.has(w))) return { ok: false, reason: 'personal' };
  if (contains(brand) || inputsUsed.length > 0) return { ok: false, reason: 'brand' };
  if (result.sequence.some((m) => m.pattern === 'dictionary')) return { ok: false, reason: 'common' };
  return { ok: false, reason: 'guessable' };
}
