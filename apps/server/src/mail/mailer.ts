import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/index';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for (signup_code, reset_code, ...): lets the outbox page filter. */
  kind: string;
  /**
   * Values in the mail that grant access (a one-time code): the recipient gets them, the outbox
   * keeps the mail with each replaced by REDACTION, so nobody who reads the outbox can use them.
   */
  secrets?: readonly string[];
  /**
   * A sender's stable key for this one mail (a workflow run's e-mail step). A second send with a
   * key already in the outbox is dropped, so a resumed sender cannot mail twice.
   */
  dedupeKey?: string;
}

/** What stands in the outbox where a code was. */
export const REDACTION = '••••••';

/** The part of a logger the outbox needs. */
export interface MailLog {
  info(obj: object, msg: string): void;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

/** The outbox row of a mail: its secrets replaced wherever they appear. */
export function outboxRow(mail: Mail, sentAt: Date | null = null): typeof outbox.$inferInsert {
  const secrets = (mail.secrets ?? []).filter((s) => s.length > 0);
  const hide = (s: string) => secrets.reduce((out, secret) => out.replaceAll(secret, REDACTION), s);
  return {
    to: mail.to,
    subject: hide(mail.subject),
    text: hide(mail.text),
    html: mail.html === undefined ? null : hide(mail.html),
    kind: mail.kind,
    redacted: secrets.length > 0,
    sentAt,
    dedupeKey: mail.dedupeKey ?? null,
  };
}

/**
 * Without SMTP, the log is the mailbox: each mail is printed whole, code included, so the operator
 * of a fresh machine can read their verification code in the console (DECISIONS.md section 4).
 * The outbox table keeps a copy with the code hidden.
 */
export class OutboxMailer implements Mailer {
  readonly transport = 'outbox' as const;

  constructor(
    private readonly db: Db,
    private readonly log: MailLog,
  ) {}

  async send(mail: Mail): Promise<void> {
    const stored = await this.db
      .insert(outbox)
      .values(outboxRow(mail))
      .onConflictDoNothing({ target: outbox.dedupeKey })
      .returning({ id: outbox.id });
    if (stored.length === 0) return; // Its dedupe key was sent already.
    // The line a person looks for: one line, one code, the same words every time (grep it).
    for (const secret of mail.secrets ?? []) {
      if (secret)
        this.log.info(
          { mail: { to: mail.to, kind: mail.kind } },
          `${codeLabel(mail.kind)} for ${mail.to}: ${secret}`,
        );
    }
    this.log.info(
      { mail: { to: mail.to, subject: mail.subject, kind: mail.kind } },
      `MAIL to ${mail.to}: ${mail.subject}\n${mail.text}`,
    );
  }
}

/** How the console names a mail's code. */
export function codeLabel(kind: string): string {
  if (kind === 'signup_code') return 'Verification code';
  if (kind === 'reset_code') return 'Password reset code';
  return 'Code';
}

/** Sends through SMTP and keeps a copy in the outbox, marked sent and with any code hidden. */
export class SmtpMailer implements Mailer {
  readonly transport = 'smtp' as const;
  private smtp: Promise<Transporter> | null = null;

  constructor(
    private readonly connection: string | Transporter,
    private readonly from: string,
    private readonly db: Db,
  ) {}

  /** nodemailer is loaded with the first mail, not at start (it is a few hundred KB of modules). */
  private transporter(): Promise<Transporter> {
    const c = this.connection;
    this.smtp ??=
      typeof c === 'string'
        ? import('nodemailer').then((m) => m.default.createTransport(c))
        : Promise.resolve(c);
    return this.smtp;
  }

  async send(mail: Mail): Promise<void> {
    const smtp = await this.transporter();
    if (mail.dedupeKey) return this.sendOnce(smtp, mail);
    await this.deliver(smtp, mail);
    await this.db.insert(outbox).values(outboxRow(mail, new Date()));
  }

  private async deliver(smtp: Transporter, mail: Mail): Promise<void> {
    await smtp.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }

  /**
   * A keyed mail claims its outbox row before the SMTP call: a second send with the key finds the
   * row and stops (at most once, even when the first sender died mid-call). A failed call gives
   * the key back, so a later attempt may send.
   */
  private async sendOnce(smtp: Transporter, mail: Mail): Promise<void> {
    const [claimed] = await this.db
      .insert(outbox)
      .values(outboxRow(mail))
      .onConflictDoNothing({ target: outbox.dedupeKey })
      .returning({ id: outbox.id });
    if (!claimed) return;
    try {
      await this.deliver(smtp, mail);
    } catch (err) {
      await this.db.delete(outbox).where(eq(outbox.id, claimed.id));
      throw err;
    }
    await this.db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, claimed.id));
  }
}
