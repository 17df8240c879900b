/**
 * How many bits of guessing a secret (JWT_SECRET, TWO_STEP_KEY) is worth, estimated from its text:
 * every character that a guesser could not predict is worth log2 of the alphabet its kinds of
 * characters span (lower case, upper case, digits, the rest). A character is predictable when it
 * repeats the one before, continues a run (`abc`, `987`), or continues a stretch of three or more
 * characters seen earlier (`Xy7!Xy7!`). Dictionary words are not recognised: the estimate is an upper
 * bound that catches what people type, not a proof of randomness.
 */
export function estimatedSecretBits(secret: string): number {
  const chars = Array.from(secret);
  const code = (i: number) => chars[i]!.codePointAt(0)!;
  let surprising = 0;
  for (let i = 0; i < chars.length; i++) {
    const step = i > 0 ? code(i) - code(i - 1) : undefined;
    const repeats = step === 0;
    const run = i > 1 && Math.abs(step!) === 1 && step === code(i - 1) - code(i - 2);
    // The three characters ending here occurred before, entirely in what came earlier.
    const seenBefore =
      i > 1 &&
      chars
        .slice(0, i)
        .join('')
        .includes(chars.slice(i - 2, i + 1).join(''));
    if (!repeats && !run && !seenBefore) surprising++;
  }
  return surprising * Math.log2(alphabetSize(secret));
}

function alphabetSize(secret: string): number {
  let size = 0;
  if (/[a-z]/.test(secret)) size += 26;
  if (/[A-Z]/.test(secret)) size += 26;
  if (/[0-9]/.test(secret)) size += 10;
  if (/[^a-zA-Z0-9]/.test(secret)) size += 33;
  return Math.max(size, 2);
}

/** A signing or encryption key must be worth at least this much (what `openssl rand -hex 16` gives). */
export const MIN_SECRET_BITS = 128;
