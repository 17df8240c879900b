import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesToFields } from '../errors.js';
import { MobileNumberSchema } from './common.js';
import { hasControlCharacter, hasLoneSurrogate, isSingleLine, singleLine, singleLineText } from './fields.js';
import { UpdateTipjarDataSchema } from './tipjar.js';

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

describe('hasLoneSurrogate', () => {
  it('finds half of a surrogate pair standing alone, at either end or in the middle', () => {
    for (const text of ['\ud800', 'a\udc00b', 'pod \ud83c', '\udfa4 pod']) {
      expect(hasLoneSurrogate(text), JSON.stringify(text)).toBe(true);
    }
  });
  it('lets whole pairs (emoji) and any other text through', () => {
    expect(hasLoneSurrogate('Pod €5 — café 🎙️ \ud83c\udfa4')).toBe(false);
    expect(hasLoneSurrogate('')).toBe(false);
  });
});

describe('isSingleLine', () => {
  it('is false for a carriage return or a line feed anywhere', () => {
    for (const text of ['a\rb', 'a\nb', 'Pod\r\nBcc: x@evil.example', '\n']) {
      expect(isSingleLine(text), JSON.stringify(text)).toBe(false);
    }
  });
  it('is true for any one-line text, tabs and emoji included', () => {
    expect(isSingleLine('De Koffiepod — café 🎙️\tlive')).toBe(true);
    expect(isSingleLine('')).toBe(true);
  });
});

describe('singleLine / singleLineText', () => {
  const fieldsOf = (schema: z.ZodType, value: unknown) => {
    const result = z.object({ name: schema }).safeParse({ name: value });
    return result.success ? null : issuesToFields(result.error.issues);
  };

  it('refuses a line break inside the text with the field error singleLine', () => {
    expect(fieldsOf(singleLineText(100), 'Pod\r\nBcc: x@evil.example')).toEqual({ name: { key: 'singleLine' } });
    expect(fieldsOf(singleLine(z.string()), 'a\nb')).toEqual({ name: { key: 'singleLine' } });
  });

  it('trims a break around the text away instead', () => {
    expect(singleLineText(100).parse('  Pod\r\n')).toBe('Pod');
  });

  it('shows the rule in the JSON schema (and so in the OpenAPI document)', () => {
    expect(z.toJSONSchema(singleLineText(100))).toMatchObject({ pattern: '^[^\\r\\n]*$' });
  });

  it('guards the fields whose own parser would let a line break through (phone, URL)', () => {
    // The phone parser finds the number in the text; the URL check drops line breaks silently.
    expect(fieldsOf(MobileNumberSchema, '+31612345678\r\nBcc: x@evil.example')).toEqual({
      name: { key: 'singleLine' },
    });
    const url = UpdateTipjarDataSchema.safeParse({ podcastUrl: 'https://pod.example/\r\nBcc: x@evil.example' });
    expect(url.success ? null : issuesToFields(url.error.issues)).toEqual({ podcastUrl: { key: 'singleLine' } });
  });
});
