/* ---------- validation timing (docs/product.md §5) ---------- */

/** Validate on input, change and blur after this delay; after an error, on input at once. */
export const VALIDATION_DELAY_MS = 150;

export interface ValidationScheduler {
  /** A field got input/change/blur. `hasError`: the field currently shows an error. */
  schedule(name: string, hasError: boolean): void;
  cancel(): void;
}

export function createValidationScheduler(
  validate: (name: string) => void,
  delay: number = VALIDATION_DELAY_MS,
): ValidationScheduler {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const clear = (name: string) => {
    const timer = timers.get(name);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(name);
  };
  return {
    schedule(name, hasError) {
      clear(name);
      if (hasError) {
        validate(name);
        return;
      }
      timers.set(
        name,
        setTimeout(() => {
          timers.delete(name);
          validate(name);
        }, delay),
      );
    },
    cancel() {
      for (const name of [...timers.keys()]) clear(name);
    },
  };
}
