import { listResponseSchema, PublicTipjarSchema, TipjarSchema, TipSchema, UserSchema } from '@podpot/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonSerializerCompiler } from './json-serializer.js';

/** Hot routes serialize from compiled JSON Schema: the same JSON as zod's serializer, never more. */
const serializer = (schema: z.ZodType) => jsonSerializerCompiler({ schema });

const publicJar = {
  id: '3f1c2a4e-7d7b-4a5e-9b1e-2f7c7f0e6a11',
  slug: 'de-koffiepod',
  name: 'De Koffiepod',
  status: 'LIVE',
  active: true,
  type: 'CONSUMER',
  description: '',
  podcastUrl: null,
  rssUrl: 'https://example.test/rss',
  imageUrl: null,
  artworkUrl: null,
  feedVerified: false,
  thankYouMessage: 'Dank je!',
  presetAmounts: [300, 500],
  acceptsTips: true,
  goal: null,
};

describe('jsonSerializerCompiler', () => {
  it('writes a frozen (cached) answer once, and any other answer as it is at that moment', () => {
    const write = serializer(PublicTipjarSchema);
    const open = { ...publicJar };
    expect(JSON.parse(write(open))).toEqual(publicJar);
    open.name = 'Renamed';
    expect(JSON.parse(write(open)).name).toBe('Renamed');
    const frozen = Object.freeze({ ...publicJar });
    expect(write(frozen)).toBe(write(frozen));
    expect(JSON.parse(write(frozen))).toEqual(publicJar);
  });

  it('writes what zod would write for a user, nullable parts included', () => {
    const user = {
      id: '3f1c2a4e-7d7b-4a5e-9b1e-2f7c7f0e6a11',
      email: 'maker@example.test',
      role: 'USER',
      locale: 'nl',
      profile: { firstName: 'Mark', lastName: 'Maker', phoneNumber: null },
      address: { street: 'Straat', houseNumber: '1', postalCode: '1234 AB', city: 'Utrecht', country: 'NL' },
      tipjars: [{ id: publicJar.id, slug: 'de-koffiepod', name: 'De Koffiepod' }],
      created: '2026-01-01T00:00:00.000Z',
      archivedAt: null,
      twoStepEnabled: false,
      emailVerified: true,
    };
    const json = serializer(UserSchema)({ ...user, passwordHash: 'argon2…', tokenVersion: 3 });
    expect(JSON.parse(json)).toEqual(UserSchema.parse(user));
    expect(json).not.toContain('passwordHash');
    expect(JSON.parse(serializer(UserSchema)({ ...user, address: null })).address).toBeNull();
  });

  it('a list of public or full tip jars: each keeps its own fields, and nothing outside the schema', () => {
    const list = z.object({ data: z.array(z.union([TipjarSchema, PublicTipjarSchema])) });
    const full = {
      ...publicJar,
      email: 'maker@example.test',
      phoneNumber: null,
      companyName: null,
      cocNumber: null,
      vatNumber: null,
      notifyOnTip: true,
      addons: [],
      oppMerchant: null,
      admins: [{ id: publicJar.id, email: 'maker@example.test', firstName: 'M', lastName: 'M' }],
      created: '2026-01-01T00:00:00.000Z',
      updated: '2026-01-01T00:00:00.000Z',
      archivedAt: null,
    };
    const out = JSON.parse(serializer(list)({ data: [{ ...publicJar, contactEmail: 'private' }, full] }));
    expect(out.data[0]).toEqual(publicJar);
    expect(out.data[1]).toEqual(full);
  });

  it('writes a page of tips as zod would: episode and e-mail only where the tip has them, cursors optional', () => {
    const page = listResponseSchema(TipSchema);
    const tip = {
      id: publicJar.id,
      tipjarId: publicJar.id,
      amount: 500,
      fee: 25,
      refundedAmount: 0,
      refundedFee: 0,
      status: 'completed',
      privacy: 'ANONYMOUS',
      displayName: null,
      message: 'Dank "je" \n',
      messageShown: false,
      paymentMethod: null,
      recurringTipId: null,
      created: '2026-01-01T00:00:00.000Z',
      updated: '2026-01-02T00:00:00.000Z',
    };
    const answer = {
      data: [
        { ...tip, episode: null },
        { ...tip, episode: { id: publicJar.id, title: 'Aflevering 1', number: 1 }, email: 'a@example.test' },
      ],
      metadata: { count: 2, nextCursor: 'b', prevCursor: 'a' },
    };
    const json = serializer(page)({ ...answer, data: answer.data.map((t) => ({ ...t, idempotencyKey: 'k' })) });
    expect(JSON.parse(json)).toEqual(page.parse(answer));
    expect(json).not.toContain('idempotencyKey');
    const bare = { data: [tip], metadata: { count: 1 } };
    expect(JSON.parse(serializer(page)(bare))).toEqual(page.parse(bare));
  });

  it('refuses an answer without a required field (a 500, as with zod), instead of writing it', () => {
    const { acceptsTips: _, ...incomplete } = publicJar;
    expect(() => serializer(PublicTipjarSchema)(incomplete)).toThrow(/acceptsTips/);
  });
});
