import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/** One plain-text letter. */
export type Mail = { to: string; subject: string; text: string };

/**
 * What the server needs of a mail server: send one letter, or throw. Tests and other transports
 * implement it in a line; `smtpMailer` is the one `SMTP_URL` selects.
 */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Sends through the SMTP server of `url` (`smtp://user:pass@host:587`, `smtps://…:465`) as
 * `from`. The timeouts keep a dead mail server from holding the inviter's request for minutes
 * (nodemailer waits up to 2 minutes to connect by default).
 */
export function smtpMailer(url: string, from: string, options: SMTPTransport.Options = {}): Mailer {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...options,
  } as SMTPTransport.Options);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}
