import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Default region for numbers typed without a country code. */
const DEFAULT_COUNTRY = 'NL';

/** A valid phone number (any type), Dutch numbers without country code accepted. */
export function isValidPhoneNumber(value: string): boolean {
  const parsed = parsePhoneNumberFromString(value ?? '', DEFAULT_COUNTRY);
  return parsed?.isValid() ?? false;
}

/** A valid number of mobile type (or one that could be either fixed or mobile). */
export function isValidMobileNumber(value: string): boolean {
  const parsed = parsePhoneNumberFromString(value ?? '', DEFAULT_COUNTRY);
  if (!parsed?.isValid()) return false;
  const type = parsed.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
}

/** E.164 form ("+31612345678"), or null when invalid. */
export function normalizePhoneNumber(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value ?? '', DEFAULT_COUNTRY);
  return parsed?.isValid() ? parsed.number : null;
}
