import { ACCOUNT_SAMPLES } from './samples/account.js';
import type { MailSample } from './samples/common.js';
import { MAKER_SAMPLES } from './samples/maker.js';
import { RECURRING_SAMPLES } from './samples/recurring.js';
import { TIP_SAMPLES } from './samples/tips.js';

export type { MailSample } from './samples/common.js';

/**
 * Every mail template with sample data, in either language, one file per family of mails in
 * samples/: the /dev/mails preview draws them, and the template tests render each one and look for
 * their facts in both parts (decision 035).
 */
export const MAIL_SAMPLES: MailSample[] = [...TIP_SAMPLES, ...RECURRING_SAMPLES, ...MAKER_SAMPLES, ...ACCOUNT_SAMPLES];
