import { z } from 'zod';
import { TokenResponseSchema } from './auth.js';
import { singleLine } from './fields.js';

/**
 * Two-step login (issue 15, decision 036): a TOTP code from an authenticator app after the password,
 * ten single-use recovery codes, and an opt-in "remember this device for 30 days".
 */

/** How many recovery codes a user gets (each works once). */
export const RECOVERY_CODE_COUNT = 10;
/** How long "remember this device" lets the password alone sign in. */
export const REMEMBER_DEVICE_DAYS = 30;

/** A 6-digit code or a recovery code ("abcde-fghjk"); spaces and dashes are ignored. */
export const TwoStepCodeSchema = singleLine(z.string().trim().min(6, { message: 'required' }).max(40));

/** The password was right, and the account has two-step login: the second step is needed. */
export const TwoStepChallengeSchema = z.object({
  two_step: z.literal('required'),
  /** Short-lived and signed: good for nothing but POST auth/two-step. */
  challenge: z.string(),
  expires_in: z.number().int(),
});
export type TwoStepChallenge = z.infer<typeof TwoStepChallengeSchema>;

/** The answer of the password step: a token, or the second step. */
export const LoginResponseSchema = z.union([TokenResponseSchema, TwoStepChallengeSchema]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const TwoStepLoginBodySchema = z.object({
  challenge: singleLine(z.string().min(10).max(2000)),
  code: TwoStepCodeSchema,
  /** Opt-in: answer a device token that lets the password alone sign in on this device for 30 days. */
  remember_device: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
});
export type TwoStepLoginBody = z.infer<typeof TwoStepLoginBodySchema>;

export const TwoStepTokenResponseSchema = TokenResponseSchema.extend({
  /** Only when remember_device was asked for: send it as device_token with the next logins. */
  device_token: z.string().optional(),
});
export type TwoStepTokenResponse = z.infer<typeof TwoStepTokenResponseSchema>;

export const TwoStepStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes left (0 while not enabled). */
  recoveryCodesLeft: z.number().int(),
});
export type TwoStepStatus = z.infer<typeof TwoStepStatusSchema>;

/** A setup started: the secret to add to an authenticator app, as a QR code and as a key to type. */
export const TwoStepSetupSchema = z.object({
  /** The base32 key, for typing in by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG data URL. */
  qr: z.string(),
});
export type TwoStepSetup = z.infer<typeof TwoStepSetupSchema>;

export const TwoStepCodeBodySchema = z.object({ data: z.object({ code: TwoStepCodeSchema }) });
export type TwoStepCodeBody = z.infer<typeof TwoStepCodeBodySchema>;

/** Confirming the setup turns two-step login on: it needs the current password too (a session alone is not enough). */
export const TwoStepConfirmBodySchema = z.object({
  data: z.object({ code: TwoStepCodeSchema, password: z.string().min(1, { message: 'required' }).max(200) }),
});
export type TwoStepConfirmBody = z.infer<typeof TwoStepConfirmBodySchema>;

export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** Confirmed: the recovery codes (shown once) and a token for this session, which passed the second step. */
export const TwoStepConfirmedSchema = RecoveryCodesSchema.extend({ token: TokenResponseSchema });
export type TwoStepConfirmed = z.infer<typeof TwoStepConfirmedSchema>;

export const TwoStepDisableBodySchema = z.object({
  data: z.object({ password: z.string().min(1).max(200), code: TwoStepCodeSchema }),
});
export type TwoStepDisableBody = z.infer<typeof TwoStepDisableBodySchema>;
