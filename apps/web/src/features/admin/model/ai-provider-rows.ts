import {
  AI_MESSAGES,
  type AiProviderRecord,
  type AiProviderSettings,
} from '@stratos/contracts/ai/providers.schema';
import { type ConnectionBadge, connectionBadge } from '../../../lib/ai/provider-status';

/** One provider on the superadmin's AI providers tab: its live record and its stored settings. */
export interface AiProviderRow {
  record: AiProviderRecord;
  settings: AiProviderSettings | null;
  badge: ConnectionBadge;
  /** The assistant service is listed but has nothing to set. */
  configurable: boolean;
  /** Ollama and the assistant take no API key. */
  takesKey: boolean;
}

const NO_KEY = new Set(['ollama', 'assistant']);

/** Joins the records (status) with the stored settings, in the records' order. */
export function providerRows(records: AiProviderRecord[], settings: AiProviderSettings[]): AiProviderRow[] {
  const byId = new Map(settings.map((s) => [s.id, s]));
  return records.map((record) => ({
    record,
    settings: byId.get(record.id) ?? null,
    badge: connectionBadge(record.status),
    configurable: record.id !== 'assistant',
    takesKey: !NO_KEY.has(record.id),
  }));
}

/** "Checked 3 minutes ago · 120 ms", or that it was never checked. */
export function lastCheckLine(
  r: Pick<AiProviderRecord, 'checkedAt' | 'lastResponseTime'>,
  relative: (iso: string) => string,
): string {
  if (!r.checkedAt) return 'Not checked yet';
  const ms = r.lastResponseTime !== null ? ` · ${r.lastResponseTime} ms` : '';
  return `Checked ${relative(r.checkedAt)}${ms}`;
}

/** What a key field is: the stored platform key, or where the provider's key comes from without one. */
export function keySummary(row: Pick<AiProviderRow, 'settings' | 'record'>): string {
  if (row.settings?.needsReentry) return 'Stored key unreadable';
  if (row.settings?.apiKey) return row.settings.apiKey;
  return row.record.keySource === 'platform' ? 'From the server environment' : 'Not set';
}

/** A trimmed value to send, or the reason it cannot be sent. */
export function checkedInput(value: string, what: 'key' | 'url'): { value: string } | { error: string } {
  const v = value.trim();
  if (!v) return { error: what === 'key' ? 'Enter the API key' : 'Enter the base URL' };
  if (v.length > 500) return { error: 'At most 500 characters' };
  if (what === 'url' && !/^https?:\/\//i.test(v)) return { error: AI_MESSAGES.baseUrlInvalid };
  return { value: v };
}
