import {
  CocNumberSchema,
  EmailSchema,
  MobileNumberSchema,
  NameSchema,
  OrderAccountSchema,
  SlugSchema,
  TIPJAR_TYPES,
  VatNumberSchema,
} from '@podpot/domain';
import { z } from 'zod';

/* ---------- the form's schema: the domain's order rules, with empty strings for unused fields ---------- */

const OrderFieldsSchema = z.object({
  name: NameSchema,
  slug: SlugSchema,
  type: z.enum(TIPJAR_TYPES),
  email: EmailSchema,
  phoneNumber: MobileNumberSchema,
  companyName: z.string().trim().max(200),
  cocNumber: z.string().trim(),
  vatNumber: z.string().trim(),
  description: z.string().trim().max(2000),
});

type OrderFields = z.infer<typeof OrderFieldsSchema>;

/** A BUSINESS tip jar needs a company name and CoC number; the VAT number is optional (domain rule). */
function businessRules(data: OrderFields, ctx: z.RefinementCtx): void {
  if (data.type !== 'BUSINESS') return;
  if (!data.companyName) ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'required' });
  if (!data.cocNumber) ctx.addIssue({ code: 'custom', path: ['cocNumber'], message: 'required' });
  else if (!CocNumberSchema.safeParse(data.cocNumber).success)
    ctx.addIssue({ code: 'custom', path: ['cocNumber'], message: 'format' });
  if (data.vatNumber && !VatNumberSchema.safeParse(data.vatNumber).success)
    ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: 'format' });
}

export const LoggedInOrderSchema = OrderFieldsSchema.superRefine(businessRules);
export const LoggedOutOrderSchema = OrderFieldsSchema.extend({ account: OrderAccountSchema }).superRefine(
  businessRules,
);

export type OrderFormValues = OrderFields & {
  account: { firstName: string; lastName: string; email: string; password: string };
};

/** A new order's first values. */
export const EMPTY_ORDER: OrderFormValues = {
  name: '',
  slug: '',
  type: 'CONSUMER',
  email: '',
  phoneNumber: '',
  companyName: '',
  cocNumber: '',
  vatNumber: '',
  description: '',
  account: { firstName: '', lastName: '', email: '', password: '' },
};
