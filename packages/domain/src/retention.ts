/**
 * How long a sent mail keeps its address and content (decision 057): the privacy page states it, the
 * API's mail retention job applies it. After that only the fact that a mail went, and why, is kept.
 */
export const SENT_MAIL_KEPT_DAYS = 30;
