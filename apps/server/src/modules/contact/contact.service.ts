import type { ContactMessage } from '@stratos/contracts/contact/contact.schema';
import type { ContactRepository, ContactRow } from './contact.repository';

export interface ContactInput {
  name: string;
  email: string;
  subject?: string;
  message: string;
  plan?: string;
}

/** Messages from the public contact form (and the enterprise sign-up path), read by admins. */
export class ContactService {
  constructor(private readonly repo: Pick<ContactRepository, 'insert' | 'list'>) {}

  create(input: ContactInput, userId: string | null): Promise<string> {
    return this.repo.insert({
      name: input.name,
      email: input.email,
      // The form sends empty strings for untouched optional fields; store them as absent.
      subject: input.subject || null,
      message: input.message,
      plan: input.plan || null,
      userId,
    });
  }

  async list(page: {
    limit: number;
    offset: number;
  }): Promise<{ messages: ContactMessage[]; total: number }> {
    const { rows, total } = await this.repo.list(page);
    return { messages: rows.map(toContactMessage), total };
  }
}

function toContactMessage(row: ContactRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    plan: row.plan,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
  };
}
