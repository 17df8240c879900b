import { describe, expect, it } from 'vitest';
import { shownEpisodeNumber, titleNamesNumber } from './episode-number.js';

describe('episode labels say the number once', () => {
  it('finds the number a title starts with, however it is written', () => {
    for (const title of [
      'Aflevering 3: De perfecte espresso',
      '#3 – Bonen',
      'Ep. 3 Bonen',
      '3. Bonen',
      'Episode 003: x',
    ]) {
      expect(titleNamesNumber(title, 3), title).toBe(true);
    }
  });

  it('does not take another number, a longer one, or one deep in the title for it', () => {
    expect(titleNamesNumber('Aflevering 13: Bonen', 3)).toBe(false);
    expect(titleNamesNumber('Aflevering 3: Bonen', 31)).toBe(false);
    expect(titleNamesNumber('Seizoen 2, aflevering 3', 3)).toBe(false);
    expect(titleNamesNumber('Waarom we over koffie praten, deel 3', 3)).toBe(false);
    expect(titleNamesNumber('De perfecte espresso', 3)).toBe(false);
  });

  it('adds the number only where the title lacks it', () => {
    expect(shownEpisodeNumber({ title: 'Aflevering 3: De perfecte espresso', number: 3 })).toBeNull();
    expect(shownEpisodeNumber({ title: 'De perfecte espresso', number: 3 })).toBe(3);
    expect(shownEpisodeNumber({ title: 'De perfecte espresso', number: null })).toBeNull();
  });
});
