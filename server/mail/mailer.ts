import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same content laid out (server/mail/mailTemplate.ts), sent beside the text. */
  html?: string;
  /** The link the mail exists for, printed on the console when mail goes to the outbox. */
  link?: string;
  /** Where a reply goes (a ticket's signed reply address). */
  replyTo?: string;
  /** Threading: this mail's own Message-ID, the one it answers and the thread's (angle brackets included). */
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  /** Extra headers (Auto-Submitted on a bounce, List-Unsubscribe on a notification). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise an .eml file per mail in DATA_DIR/outbox and a console line. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
  /** Whether an address is known to bounce (a DSN said so): it is sent nothing until that is cleared. */
  isBouncing?: (address: string) => Promise<boolean>;
  /** The envelope sender of a mail to this recipient, where its delivery reports go (inboundMail's VERP address). */
  envelopeFrom?: (to: string) => string | undefined;
}): Mailer {
  // Made at the first mail: nodemailer takes a tenth of a second to load, at every start otherwise.
  let transport: Promise<Transporter> | undefined;
  const transportOf = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));

  let sequence = 0;
  // Instances sharing one outbox (DATA_DIR) count their own sequences: this tag keeps their names apart.
  const instanceTag = randomUUID().slice(0, 8);
  return {
    async send(mail) {
      if (await options.isBouncing?.(mail.to)) {
        options.log.info({ to: mail.to }, `mail to ${mail.to} not sent: the address bounces`);
        return;
      }
      const { to, subject, text, html, replyTo, messageId, inReplyTo, references, headers } = mail;
      const bounceTo = options.envelopeFrom?.(to);
      const envelope = bounceTo ? { from: bounceTo, to } : undefined;
      const info = await (
        await transportOf()
      ).sendMail({ from: options.from, to, subject, text, html, replyTo, messageId, inReplyTo, references, headers, envelope });
      if (options.smtpUrl) return;
      await fs.mkdir(options.outboxDir, { recursive: true });
      // The sequence keeps two mails to one reader in the same millisecond apart (and in order). The recipient is cut
      // to 200 characters: a 255-character address made a name past the file system's 255 bytes (a 500 on sign-up).
      sequence += 1;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}-${instanceTag}-${mail.to.replace(/[^a-z0-9@._-]/gi, '_').slice(0, 200)}.eml`;
      // Written beside, then renamed: whoever reads the outbox never sees a mail half written.
      const partial = path.join(options.outboxDir, `.${name}.partial`);
      await fs.writeFile(partial, (info as unknown as { message: Buffer }).message);
      await fs.rename(partial, path.join(options.outboxDir, name));
      options.log.info({ to: mail.to, link: mail.link }, `mail to ${mail.to} written to the outbox${mail.link ? `: ${mail.link}` : ''}`);
    },
  };
}
