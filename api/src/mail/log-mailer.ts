import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.ts';

/** The embedded default: no mail server, each mail is one log line (the reset link is read from there). */
export function createLogMailer(log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      log.info(mail.logLine);
    },
    close() {},
  };
}
