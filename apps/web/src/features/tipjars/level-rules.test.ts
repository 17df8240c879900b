import { describe, expect, it } from 'vitest';
import { emptyRow, type LevelRow, levelErrors, levelsInput } from './level-rules';

const row = (values: Partial<LevelRow>): LevelRow => ({ ...emptyRow(), ...values });

describe('the levels editor rules', () => {
  it('reads amounts in euros as typed in either language, keeping the ids of saved levels', () => {
    const input = levelsInput([
      row({ id: '6a1f3c1e-8d52-4a3b-9a4e-1e2f3a4b5c6d', amount: '3,00', name: 'Vaste luisteraar' }),
      row({ amount: '€ 10', name: 'Producer', unlocksFeed: true }),
    ]);
    expect(input).toEqual([
      {
        id: '6a1f3c1e-8d52-4a3b-9a4e-1e2f3a4b5c6d',
        amount: 300,
        name: 'Vaste luisteraar',
        perk: '',
        unlocksFeed: false,
      },
      { amount: 1000, name: 'Producer', perk: '', unlocksFeed: true },
    ]);
  });

  it('names the row of an equal amount, an empty name, an unreadable amount and too many rows', () => {
    expect(levelErrors([row({ amount: '3', name: 'A' }), row({ amount: '3.00', name: 'B' })])).toEqual({
      'data.1.amount': { key: 'levelAmountTaken' },
    });
    expect(levelErrors([row({ amount: '3', name: ' ' })])).toEqual({ 'data.0.name': { key: 'required' } });
    expect(levelErrors([row({ amount: 'drie', name: 'A' })])['data.0.amount']?.key).toBe('amountRange');
    const six = [1, 2, 3, 4, 5, 6].map((n) => row({ amount: String(n), name: `L${n}` }));
    expect(levelErrors(six)).toEqual({ data: { key: 'tooMany' } });
    expect(levelErrors([])).toEqual({});
  });
});
