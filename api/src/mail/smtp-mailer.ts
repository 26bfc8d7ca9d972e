import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.ts';

/** Bound on a slow or silent mail server, so a stuck send does not hold a connection open for minutes. */
const TIMEOUT_MS = 10_000;

/** Mail through the SMTP server of SMTP_URL (smtp://user:pass@host:port, smtps:// for TLS). */
export function createSmtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport(
    { url: smtpUrl, connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS, socketTimeout: TIMEOUT_MS },
    { from },
  );
  return {
    async send(mail) {
      const info = await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text });
      log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
    },
    close() {
      transport.close();
    },
  };
}
