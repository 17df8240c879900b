import {
  __name
} from "./chunk-XE4OXN2W.js";

// ../../packages/domain/src/password-estimator.ts
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";
import * as nl from "@zxcvbn-ts/language-nl-be";
var MIN_PASSWORD_SCORE = 3;
var zxcvbn = new ZxcvbnFactory({
  // Keys are distinct per package ('passwords-common', 'commonWords-en', 'commonWords' for nl).
  dictionary: { ...common.dictionary, ...en.dictionary, ...nl.dictionary },
  graphs: common.adjacencyGraphs
});
function squash(value) {
  return value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}
__name(squash, "squash");
function personalWords({ email, firstName, lastName }) {
  const local = email?.split("@")[0] ?? "";
  const words = [email, local, ...local.split(/[._+-]/), firstName, lastName, `${firstName ?? ""}${lastName ?? ""}`];
  for (const name of [firstName, lastName]) words.push(...name?.split(/\s+/) ?? []);
  return [...new Set(words.filter((w) => Boolean(w)).map((w) => w.trim()))].filter(
    (w) => squash(w).length >= 3
  );
}
__name(personalWords, "personalWords");
function estimatePasswordStrength(password, context) {
  const personal = personalWords(context);
  const brand = [context.brand, squash(context.brand)].filter((w) => squash(w).length >= 3);
  const result = zxcvbn.check(password, [...personal, ...brand]);
  if (result.score >= MIN_PASSWORD_SCORE) return { ok: true };
  const squashed = squash(password);
  const contains = /* @__PURE__ */ __name((words) => words.some((w) => squashed.includes(squash(w))), "contains");
  const brandWords = new Set(brand.map(squash));
  const inputsUsed = result.sequence.flatMap(
    (m) => m.pattern === "dictionary" && m.dictionaryName === "userInputs" ? [squash(String(m.matchedWord))] : []
  );
  if (contains(personal) || inputsUsed.some((w) => !brandWords.has(w))) return { ok: false, reason: "personal" };
  if (contains(brand) || inputsUsed.length > 0) return { ok: false, reason: "brand" };
  if (result.sequence.some((m) => m.pattern === "dictionary")) return { ok: false, reason: "common" };
  return { ok: false, reason: "guessable" };
}
__name(estimatePasswordStrength, "estimatePasswordStrength");
export {
  MIN_PASSWORD_SCORE,
  estimatePasswordStrength
};
//# sourceMappingURL=password-estimator-2TD7Q4TU.js.map
