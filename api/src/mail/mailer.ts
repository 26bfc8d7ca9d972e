import type { FastifyBaseLogger } from 'fastify';

/** One plain-text mail to one shopper. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The line the log mailer writes instead of sending (and the SMTP mailer logs on failure). */
  logLine: string;
}

/** Where the api's mail goes: a log line on the embedded default, an SMTP server when SMTP_URL is set. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Sends without making the request wait or fail: a shopper's reset or order must not depend on the mail
 * server being up. A failure is logged with what would have been sent, so an operator can act on it.
 */
export function sendInBackground(mailer: Mailer, mail: Mail, log: FastifyBaseLogger) {
  mailer.send(mail).catch((error: unknown) => {
    log.error({ err: error, to: mail.to, subject: mail.subject }, `mail not sent: ${mail.logLine}`);
  });
}
