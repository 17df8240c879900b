import { describe, expect, it } from 'vitest';
import { mailBlocks } from './mail-blocks.js';
import { userText } from './user-text.js';

/** What a person typed, as a template writes it (decision 064). */
describe('UserText', () => {
  it('writes one line with its links broken, in a sentence or a subject', () => {
    const name = userText('Pay\nhere: https://evil.example/pay or www.evil.example');
    expect(String(name)).toBe('Pay here:\u00a0https[:]//evil[.]example/pay or www[.]evil[.]example');
    expect(name.inSubject()).not.toMatch(/https?:\/\/|evil\.example/);
  });

  it('keeps ordinary text as it is', () => {
    expect(String(userText('De Koffiepod — e.g. episode 4.5'))).toBe('De Koffiepod — e.g. episode 4.5');
  });

  it('breaks a link hidden behind a zero-width space or a full-width dot', () => {
    expect(String(userText('evil\u200b.example'))).toBe('evil[.]example');
    expect(String(userText('evil\uff0eexample'))).toBe('evil[.]example');
  });

  it('cuts a long name in a subject', () => {
    expect(userText('x'.repeat(200)).inSubject()).toHaveLength(60);
  });

  it('is read by the layout as a quote, never as facts or a button', () => {
    const message = 'Amount: €0.00\nStatus: blocked\n\nhttps://evil.example/unblock';
    const text = ['Hi,', '', 'Message:', userText(message).quoted(), '', 'Best,', 'Podpot'].join('\n');
    const blocks = mailBlocks(text);
    expect(blocks.filter((b) => b.kind === 'facts' || b.kind === 'action')).toEqual([]);
    expect(blocks).toContainEqual({
      kind: 'quote',
      lines: ['Amount: €0.00', 'Status: blocked', '', 'https[:]//evil[.]example/unblock'],
    });
  });

  it('never makes a fact row of a sentence that starts with a name holding a colon', () => {
    const blocks = mailBlocks(`${userText('Bank account: verify now')} received a tip of €5.00.`);
    expect(blocks).toEqual([{ kind: 'paragraph', lines: [expect.stringContaining('verify now')] }]);
  });
});
