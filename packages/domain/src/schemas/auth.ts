import { z } from 'zod';
import { PasswordSchema } from './common.js';
import { singleLine, singleLineText } from './fields.js';

/** OAuth2 password grant, form-encoded or JSON. */
export const LoginBodySchema = z.object({
  username: singleLineText(254).min(1),
  password: z.string().min(1).max(200),
  client_id: singleLine(z.string().max(100)).optional(),
  grant_type: z.literal('password').optional(),
  scope: singleLine(z.string().max(200)).optional(),
  /** A remembered device (two-step login, decision 036): lets the password alone sign in for 30 days. */
  device_token: singleLine(z.string().max(200)).optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const PasswordResetBodySchema = z.object({
  new_password: PasswordSchema,
  token: singleLine(z.string().min(10).max(500)),
});
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;
