import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/index';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for (signup_code, reset_code, ...): lets the outbox page filter. */
  kind: string;
}

/** The part of a logger the outbox needs. */
export interface MailLog {
  info(obj: object, msg: string): void;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

/**
 * Without SMTP, mail stays in the outbox table and is printed to the log so a newcomer can read
 * their verification code in the console (DECISIONS.md section 4).
 */
export class OutboxMailer implements Mailer {
  readonly transport = 'outbox' as const;
  constructor(
    private readonly db: Db,
    private readonly log: MailLog,
  ) {}

  async send(mail: Mail): Promise<void> {
    await this.db.insert(outbox).values({ ...mail, html: mail.html ?? null });
    this.log.info(
      { mail: { to: mail.to, subject: mail.subject, kind: mail.kind } },
      `MAIL to ${mail.to}: ${mail.subject}\n${mail.text}`,
    );
  }
}

/** Sends through SMTP and keeps a copy in the outbox, marked sent, for the admin page. */
export class SmtpMailer implements Mailer {
  readonly transport = 'smtp' as const;
  private readonly smtp: Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly db: Db,
  ) {
    this.smtp = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    await this.smtp.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    await this.db.insert(outbox).values({ ...mail, html: mail.html ?? null, sentAt: new Date() });
  }
}
