import { describe, expect, it } from 'vitest';
import { brandChartColors } from '@/features/statistics/rules';
import { theme } from './theme';

describe('statistics charts in the brand colours (issue 39)', () => {
  it("draws their series in the theme's palette, the library's default blues nowhere", () => {
    const colors = brandChartColors(theme.palette);
    // docs/product.md §9: primary, secondary, accent, success.
    expect(colors).toEqual(['#f28a3d', '#4E8381', '#FBBD51', '#7ED957']);
    expect(colors).not.toContain('#02B2AF');
  });
});
