import nodemailer from 'nodemailer';
import type { Logger } from '@sv/platform';

export interface Mail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** Where the relay hands mails; `send` resolves only once the mail was accepted. */
export interface MailTransport {
  readonly kind: 'smtp' | 'log';
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer, e.g. `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
export const smtpTransport = (url: string): MailTransport => {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        headers: { 'X-SV-Mail-Id': mail.id },
      });
    },
    close: () => transporter.close(),
  };
};

/**
 * Local development without SMTP: the mail is written to the log, body included, so that a
 * developer can read the code or link. This line is the only place the body ever appears.
 */
export const logTransport = (logger: Logger): MailTransport => ({
  kind: 'log',
  async send(mail) {
    logger.info({ mail_id: mail.id, from: mail.from, to: mail.to, subject: mail.subject, text: mail.text }, 'mail (no SMTP configured)');
  },
  close() {},
});
