import { z } from 'zod';

/** The operators' inbox (GET /api/ops/messages): contact messages, newest first. */
export const contactInboxQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** The `created_at` of the last message of the previous page: older ones follow. */
  before: z.iso.datetime({ offset: true }).optional(),
});

export const contactInboxMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
});

export const contactInboxSchema = z.object({
  messages: z.array(contactInboxMessageSchema),
  has_more: z.boolean(),
});

export type ContactInboxMessage = z.infer<typeof contactInboxMessageSchema>;
export type ContactInbox = z.infer<typeof contactInboxSchema>;
