import { describe, expect, it } from 'vitest';
import { hasControlCharacter } from './field-schemas.js';

describe('hasControlCharacter', () => {
  it('finds NUL and the other C0 control characters', () => {
    for (const c of ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f']) {
      expect(hasControlCharacter(`a${c}b`), JSON.stringify(c)).toBe(true);
    }
  });
  it('lets tab, line feed and carriage return through, and any other text', () => {
    expect(hasControlCharacter('line one\r\n\tline two')).toBe(false);
    expect(hasControlCharacter('Pod €5 — café 🎙️ \u007f')).toBe(false);
  });
});
