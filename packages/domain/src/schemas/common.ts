import { z } from 'zod';
import { isValidMobileNumber, isValidPhoneNumber } from '../phone.js';
import { singleLine, singleLineText } from './fields.js';

/*
 * Field rules several entities share, with the phone rules (libphonenumber). E-mail, locale, one-line
 * text and the payment choice are in fields.ts, kept free of the phone rules for the storefront.
 */

export const PasswordSchema = z.string().min(8).max(200);
export const NameSchema = singleLineText(100).min(1);
export const UuidSchema = z.uuid();
export const IdParamsSchema = z.object({ id: z.uuid({ message: 'invalid' }) });

// One line first: the phone parser finds a number in "+31612345678\r\nBcc: …" and would accept it.
export const PhoneNumberSchema = singleLine(z.string().trim()).refine(isValidPhoneNumber, { message: 'phone' });
export const MobileNumberSchema = singleLine(z.string().trim()).refine(isValidMobileNumber, { message: 'mobile' });
