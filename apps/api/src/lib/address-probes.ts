import { ErrorCode } from '@podpot/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import type { BackoffPolicy, LimitStore } from './rate-limit.js';

/**
 * Limits on questions about an e-mail address, per client (IP address) and per asked-about address,
 * on the limit store (so with REDIS_URL every process counts one budget). A refusal is the same 429
 * whether or not the address has an account, so the limit itself tells nothing.
 */
export interface AddressLimitPolicies {
  perClient?: BackoffPolicy;
  perAddress: BackoffPolicy;
}

/** A preHandler counting one question about the address `addressOf` reads from the request. */
export type AddressLimit = (
  addressOf: (request: FastifyRequest) => string | undefined,
) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function createAddressLimit(limits: LimitStore, name: string, policies: AddressLimitPolicies): AddressLimit {
  const perClient = policies.perClient && limits.backoff(`${name}-client`, policies.perClient);
  const perAddress = limits.backoff(`${name}-address`, policies.perAddress);
  return (addressOf) => async (request, reply) => {
    const address = addressOf(request)?.trim().toLowerCase();
    if (!address) return;
    // A client that is waiting does not count against the address it asks about.
    const wait = (await perClient?.attempt(request.ip)) ?? (await perAddress.attempt(address));
    if (wait === undefined) return;
    reply.header('retry-after', Math.ceil(wait / 1000));
    throw new AppError(ErrorCode.RateLimited, 'Too many requests, try again later');
  };
}

/** Questions one client may ask about addresses before it has to wait. */
export const ADDRESS_PROBES_PER_CLIENT = 20;
/** Questions about one address, whoever asks, before further ones have to wait. */
export const ADDRESS_PROBES_PER_ADDRESS = 5;

/**
 * What tells whether an address has an account: the two e-mail checks (that is their job), registration
 * and ordering with a new account (their contract answers EMAIL_TAKEN); inviting a tip jar admin
 * answers alike for every address but mails it, so it is counted too. They share one budget: after the free questions a client or an address waits a
 * minute, then twice as long after each further question, up to an hour, until it has been quiet for an
 * hour. A person filling in a form asks a handful; a client enumerating addresses gets 20 answers, about
 * 6 more in the first hour and then one an hour.
 */
export const ADDRESS_PROBE_POLICIES: AddressLimitPolicies = {
  perClient: { free: ADDRESS_PROBES_PER_CLIENT, firstWaitMs: 60_000, maxWaitMs: 60 * 60_000, forgetMs: 60 * 60_000 },
  perAddress: { free: ADDRESS_PROBES_PER_ADDRESS, firstWaitMs: 60_000, maxWaitMs: 60 * 60_000, forgetMs: 60 * 60_000 },
};

/** Reads `email` from a JSON body (the e-mail checks, tip jar admins). */
export const bodyEmail = (request: FastifyRequest) => (request.body as { email?: string } | undefined)?.email;
