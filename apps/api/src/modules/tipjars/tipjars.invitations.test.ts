import { describe, expect, it } from 'vitest';
import { canAcceptInvitation } from './tipjars.invitations.js';

describe('canAcceptInvitation', () => {
  const invitation = { email: 'eva@example.com' };

  it('lets the user signed in with the invited address accept, whatever its case', () => {
    expect(canAcceptInvitation({ email: 'Eva@Example.com', archivedAt: null }, invitation)).toBe(true);
  });

  it('refuses another address and an archived account', () => {
    expect(canAcceptInvitation({ email: 'mallory@example.com', archivedAt: null }, invitation)).toBe(false);
    expect(canAcceptInvitation({ email: 'eva@example.com', archivedAt: new Date() }, invitation)).toBe(false);
  });
});
