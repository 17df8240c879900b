import { expect } from 'vitest';
import { recurringTipCharges, recurringTips, tipjarLevels } from '../../src/db/schema/index.js';
import type { TestApp, TestUser } from '../support/test-app.js';
import { insertLiveJar } from '../support/tipjar.js';

/** Shared set-up of the supporter feed tests (issue 40). */

/** `size` bytes of an mp3 as its first bytes prove it: an ID3v2 tag header, then MPEG frame bytes. */
export function mp3Bytes(size = 1000): Buffer {
  const bytes = Buffer.alloc(size);
  Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000', 'latin1').copy(bytes);
  for (let i = 10; i < size; i++) bytes[i] = (i * 7 + 3) % 256;
  bytes[10] = 0xff;
  bytes[11] = 0xfb;
  return bytes;
}

/** An Ogg page header and some bytes. */
export function oggBytes(size = 500): Buffer {
  const bytes = Buffer.alloc(size, 0x11);
  Buffer.from('OggS\u0000\u0002', 'latin1').copy(bytes);
  return bytes;
}

export function pngBytes(size = 300): Buffer {
  const bytes = Buffer.alloc(size, 0x22);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
}

let jars = 0;

export interface FeedWorld {
  t: TestApp;
  maker: TestUser;
  jarId: string;
  slug: string;
}

export async function feedWorld(t: TestApp): Promise<FeedWorld> {
  const maker = await t.createUser();
  jars += 1;
  const slug = `bonus-${jars}-${Date.now().toString(36)}`;
  const jarId = await insertLiveJar(t, slug, maker);
  return { t, maker, jarId, slug };
}

export async function addLevel(w: FeedWorld, amount: number, unlocksFeed: boolean): Promise<string> {
  const [row] = await w.t.database.db
    .insert(tipjarLevels)
    .values({ tipjarId: w.jarId, amount, name: `Level ${amount}`, unlocksFeed })
    .returning();
  return row!.id;
}

/**
 * A monthly (or yearly) tip of `tipper` that paid its first month: active, mandate valid, one
 * completed charge — as the first payment leaves it. Returns its id and the month's charge id.
 */
export async function payingSupporter(
  w: FeedWorld,
  tipper: TestUser,
  options: { amount?: number; interval?: 'month' | 'year'; locale?: 'en' | 'nl' } = {},
) {
  const db = w.t.database.db;
  const [tip] = await db
    .insert(recurringTips)
    .values({
      tipjarId: w.jarId,
      userId: tipper.id,
      amount: options.amount ?? 500,
      interval: options.interval ?? 'month',
      status: 'active',
      mandateStatus: 'valid',
      mandateUid: `mdt_${Math.random().toString(36).slice(2)}`,
      paymentMethod: 'ideal',
      chargeDay: 1,
      nextChargeAt: new Date(Date.now() + 20 * 86_400_000),
      locale: options.locale ?? 'en',
      displayName: 'Fan',
    })
    .returning();
  const [charge] = await db
    .insert(recurringTipCharges)
    .values({
      recurringTipId: tip!.id,
      period: new Date().toISOString().slice(0, options.interval === 'year' ? 4 : 7),
      amount: options.amount ?? 500,
      via: 'mandate',
      status: 'completed',
      completedAt: new Date(Date.now() - 60_000),
      paidTransactionId: crypto.randomUUID(),
    })
    .returning();
  return { recurringTipId: tip!.id, chargeId: charge!.id, paidTransactionId: charge!.paidTransactionId! };
}

/** A maker's new bonus episode (published a minute ago unless told) with `audio` uploaded. */
export async function publishEpisode(
  w: FeedWorld,
  data: { title?: string; levelId?: string | null; publishedAt?: string; description?: string } = {},
  audio: { bytes: Buffer; type: string } | null = { bytes: mp3Bytes(), type: 'audio/mpeg' },
) {
  const res = await w.t.api('POST', `/tipjars/${w.jarId}/bonus-episodes`, {
    token: w.maker.token,
    body: {
      data: {
        title: data.title ?? 'Bonus',
        description: data.description ?? 'Only for supporters',
        publishedAt: data.publishedAt ?? new Date(Date.now() - 60_000).toISOString(),
        levelId: data.levelId ?? null,
        duration: 125,
      },
    },
  });
  expect(res.status, res.text).toBe(201);
  if (audio) {
    const up = await upload(w, res.body.id, 'audio', audio.bytes, audio.type);
    expect(up.status, await up.clone().text()).toBe(200);
  }
  return res.body.id as string;
}

export function upload(
  w: FeedWorld,
  episodeId: string,
  kind: 'audio' | 'artwork',
  body: Buffer,
  type: string,
  token = w.maker.token,
) {
  return fetch(`${w.t.baseUrl}/api/v1/tipjars/${w.jarId}/bonus-episodes/${episodeId}/${kind}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body: new Uint8Array(body),
  });
}

/** The tipper's feed as their account page reads it. */
export async function myFeed(t: TestApp, tipper: TestUser, recurringTipId: string) {
  const res = await t.api('GET', `/user/me/recurringtips/${recurringTipId}/feed`, { token: tipper.token });
  expect(res.status, res.text).toBe(200);
  return res.body as { state: string; url: string | null; flaggedAt: string | null; qrSvg: string | null };
}

/** Fetches a feed (or file) URL as a podcast app would, at the test server. */
export function get(t: TestApp, url: string, headers: Record<string, string> = {}) {
  return fetch(url.replace(t.ctx.config.publicUrl, t.baseUrl), { headers });
}
