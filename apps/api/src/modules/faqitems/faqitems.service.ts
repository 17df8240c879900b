import type { CreateFaqItemBodySchema, FaqItem, UpdateFaqItemBodySchema } from '@podpot/domain';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../context.js';
import { isAdmin } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { ParsedListQuery } from '../../lib/list-query.js';
import * as repo from './faqitems.repository.js';

function toFaqItem(row: repo.FaqItemRow): FaqItem {
  return { ...row, created: row.created.toISOString(), updated: row.updated.toISOString() };
}

/** Everyone sees active items; admins see all. */
export async function listFaqItems(
  ctx: AppContext,
  actor: Actor | null,
  query: ParsedListQuery<(typeof repo.FAQ_SORTABLE)[number]>,
) {
  const { rows, count } = await repo.listFaqItems(ctx.db, query, !isAdmin(actor));
  return { data: rows.map(toFaqItem), metadata: { count } };
}

export async function getFaqItem(ctx: AppContext, actor: Actor | null, id: string): Promise<FaqItem> {
  const row = await repo.findFaqItem(ctx.db, id);
  if (!row || (!row.active && !isAdmin(actor))) throw AppError.notFound('FAQ item');
  return toFaqItem(row);
}

export async function createFaqItem(ctx: AppContext, data: z.infer<typeof CreateFaqItemBodySchema>['data']) {
  return toFaqItem(await repo.insertFaqItem(ctx.db, data));
}

export async function updateFaqItem(
  ctx: AppContext,
  id: string,
  data: z.infer<typeof UpdateFaqItemBodySchema>['data'],
) {
  const row = await repo.updateFaqItem(ctx.db, id, data);
  if (!row) throw AppError.notFound('FAQ item');
  return toFaqItem(row);
}

export async function deleteFaqItem(ctx: AppContext, id: string) {
  if (!(await repo.deleteFaqItem(ctx.db, id))) throw AppError.notFound('FAQ item');
}
