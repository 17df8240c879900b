import { type PaymentOwnerKind, type TipStatus, tipStatusesBefore } from '@podpot/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { oppMerchants, paymentMethods, tipjars, tips } from '../../db/schema/index.js';
import { prepared } from '../../lib/prepared.js';
import {
  type FirstAnswered,
  firstAnswerWithOwnerMove,
  ownerWithLeasedTransactionInsert,
} from '../../payments/payments.repository.js';
import { insertTipStatement, paidAtOf } from './tips.repository.js';

/*
 * Creating a tip, in the three statements it takes (decision 047): what it reads, the tip with its
 * provider transaction row, and the provider's open answer with the tip's move to pending — each
 * prepared once per database handle. The rest of the tips table's code is in tips.repository.ts (its
 * list in tips.list.ts).
 *
 * The two statements that write both tables are put together here from named parts, each written by
 * the owner of its table (decision 073): the payments ledger owns the statement around the
 * transaction row (payments.repository ownerWithLeasedTransactionInsert with its create lease, and
 * firstAnswerWithOwnerMove with the CTE `answered`), this module the tip's part in it (tips.repository
 * insertTipStatement, and tipMoveOfAnswer below). Neither writes SQL of the other's table.
 */

const tipContextStatement = prepared((db) =>
  db
    .select({
      tipjar: tipjars,
      merchant: { merchantUid: oppMerchants.merchantUid, merchantStatus: oppMerchants.merchantStatus },
      methodType: sql<string | null>`(select ${paymentMethods.type} from ${paymentMethods}
        where ${paymentMethods.id} = ${sql.placeholder('methodId')} and ${paymentMethods.active})`,
    })
    .from(tipjars)
    .leftJoin(oppMerchants, eq(oppMerchants.tipjarId, tipjars.id))
    .where(eq(tipjars.id, sql.placeholder('tipjarId')))
    .prepare('tip_context'),
);

/**
 * What creating a tip reads before it writes, in ONE statement built once (decision 047): the tip
 * jar, its merchant (null without one) and the type of the chosen payment method if it is active
 * (null otherwise). Undefined when there is no such tip jar. It reads the tables of tip jars,
 * merchants and payment methods, read-only: their rules stay with their services.
 */
export async function readTipContext(db: Db, tipjarId: string, paymentMethodId: string) {
  const [row] = await tipContextStatement(db).execute({ tipjarId, methodId: paymentMethodId });
  return row;
}

/**
 * moveTipStatus as the UPDATE of a statement that recorded its tip's provider answer (payments
 * repository firstAnswerWithOwnerMove, decision 047): the tip the answered row names, moved only
 * from `from`. `updated` is said here: a prepared statement would keep the column's first $onUpdate.
 */
export function tipMoveOfAnswer(db: DbOrTx, answered: FirstAnswered, to: TipStatus, from: TipStatus[]) {
  return db
    .update(tips)
    .set({ status: to, updated: sql`now()`, ...paidAtOf(to) })
    .from(answered)
    .where(and(eq(tips.id, answered.ownerId), inArray(tips.status, from)));
}

/** The provider transactions of tips are of this kind (owner_id = tips.id). */
export const TIP_KIND = 'tip' satisfies PaymentOwnerKind;

/** The placeholder of a value of a prepared statement, by its name. */
const value = (name: string) => sql.placeholder(name);

/**
 * A new tip and its provider transaction row, its create lease taken, in one statement (payments
 * repository ownerWithLeasedTransactionInsert, decision 024; the tip's insert is its OwnerInsert),
 * prepared once per database handle:
 * Drizzle builds its SQL once and PostgreSQL parses it once per connection (decision 047).
 */
const tipWithTransactionStatement = prepared((db) =>
  ownerWithLeasedTransactionInsert(
    db,
    insertTipStatement(db, {
      id: value('tipId'),
      tipjarId: value('tipjarId'),
      amount: value('amount'),
      fee: value('fee'),
      privacy: value('privacy'),
      displayName: value('displayName'),
      message: value('message'),
      email: value('email'),
      locale: value('locale'),
      paymentMethod: value('paymentMethod'),
      episodeId: value('episodeId'),
      readOnAir: value('readOnAir'),
      boostMoment: value('boostMoment'),
      userId: value('userId'),
      idempotencyKey: value('idempotencyKey'),
      idempotencyFingerprint: value('idempotencyFingerprint'),
    }),
    {
      id: value('rowId'),
      kind: TIP_KIND,
      ownerId: value('tipId'),
      attempt: 1,
      idempotencyKey: value('providerKey'),
      amount: value('amount'),
      merchantUid: value('merchantUid'),
      request: value('request'),
    },
  ).prepare('tip_with_transaction'),
);

/** A new tip (not its status: `created`) and the values of its first provider transaction row. */
export type NewTipWithTransaction = Required<
  Pick<
    typeof tips.$inferInsert,
    | 'tipjarId'
    | 'amount'
    | 'fee'
    | 'privacy'
    | 'displayName'
    | 'message'
    | 'email'
    | 'locale'
    | 'paymentMethod'
    | 'episodeId'
    | 'idempotencyKey'
    | 'idempotencyFingerprint'
  >
> & {
  tipId: string;
  rowId: string;
  providerKey: string;
  merchantUid: string;
  request: object;
  /** The signed-in tipper (decision 061); none for an anonymous request. */
  userId?: string | null;
  /** An episode boost (decision 097): read the message on air, at this moment (seconds) or none. */
  readOnAir?: boolean;
  boostMoment?: number | null;
};

/** The written transaction row (its lease taken); undefined when the tip's idempotency key was taken. */
export async function insertTipWithTransaction(db: Db, values: NewTipWithTransaction) {
  const [row] = await tipWithTransactionStatement(db).execute({
    ...values,
    userId: values.userId ?? null,
    readOnAir: values.readOnAir ?? false,
    boostMoment: values.boostMoment ?? null,
  });
  return row;
}

const firstAnswerWithTipPendingStatement = prepared((db) =>
  firstAnswerWithOwnerMove(db, (answered) =>
    tipMoveOfAnswer(db, answered, 'pending', tipStatusesBefore('pending')),
  ).prepare('tip_first_answer'),
);

/**
 * The first answer to a tip's transaction row (payments repository recordFirstAnswer) and the tip's
 * move to pending (moveTipStatus, as onTipPayment makes it for an open answer) in one prepared
 * statement (decision 047). Undefined when the row had an answer already; the tip is then untouched.
 */
export async function recordFirstAnswerWithTipPending(
  db: Db,
  rowId: string,
  answer: { oppUid: string; status: string; redirectUrl: string | null },
) {
  const [row] = await firstAnswerWithTipPendingStatement(db).execute({ rowId, ...answer });
  return row;
}
