export interface OutboxMail {
    file: string;
    raw: string;
    to: string;
    subject: string;
    text: string;
}
/**
 * The text a mail (or one part of it) says: for a multipart mail (HTML with a plain-text alternative,
 * attachments) its text/plain part, decoded.
 */
export declare function decodeEmlBody(raw: string): string;
/** All mails in `dir`, oldest first; [] when the folder does not exist yet. */
export declare function readOutboxDir(dir: string): OutboxMail[];
