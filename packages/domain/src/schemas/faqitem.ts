import { z } from 'zod';
import { singleLineText } from './fields.js';

export const FaqItemSchema = z.object({
  id: z.uuid(),
  active: z.boolean(),
  priority: z.number().int(),
  question: z.object({ en: z.string(), nl: z.string() }),
  answer: z.object({ en: z.string(), nl: z.string() }),
  created: z.string(),
  updated: z.string(),
});
export type FaqItem = z.infer<typeof FaqItemSchema>;

/** A text in both languages; `text` makes one language's field. */
const LocalizedText = (text: () => z.ZodString) => z.object({ en: text(), nl: text() });

export const FaqItemDataSchema = z.object({
  active: z.boolean(),
  priority: z.number().int().min(-1000).max(1000),
  /** One line (a heading on the FAQ page); the answer may run over several. */
  question: LocalizedText(() => singleLineText(300).min(1)),
  answer: LocalizedText(() => z.string().trim().min(1).max(5000)),
});
export const CreateFaqItemBodySchema = z.object({
  data: FaqItemDataSchema.extend({
    active: FaqItemDataSchema.shape.active.default(true),
    priority: FaqItemDataSchema.shape.priority.default(0),
  }),
});
/** Partial: a field left out stays as it is (no defaults here, or an edit would reset them). */
export const UpdateFaqItemBodySchema = z.object({ data: FaqItemDataSchema.partial() });
