import { z } from 'zod';
import { singleLineText } from './fields.js';

export const PAYMENT_METHOD_TYPES = ['ideal', 'bcmc'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export const PaymentIssuerSchema = z.object({ bic: z.string(), name: z.string() });
export type PaymentIssuer = z.infer<typeof PaymentIssuerSchema>;

export const PaymentMethodSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(PAYMENT_METHOD_TYPES),
  active: z.boolean(),
  priority: z.number().int(),
  paymentissuers: z.array(PaymentIssuerSchema),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const PaymentMethodDataSchema = z.object({
  name: singleLineText(100).min(1),
  type: z.enum(PAYMENT_METHOD_TYPES),
  active: z.boolean(),
  priority: z.number().int().min(-1000).max(1000),
});
export const CreatePaymentMethodBodySchema = z.object({
  data: PaymentMethodDataSchema.extend({
    active: PaymentMethodDataSchema.shape.active.default(true),
    priority: PaymentMethodDataSchema.shape.priority.default(0),
  }),
});
export const UpdatePaymentMethodBodySchema = z.object({ data: PaymentMethodDataSchema.partial() });
