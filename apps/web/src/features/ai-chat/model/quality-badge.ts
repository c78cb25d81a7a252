import type { QualityCategory } from '@stratos/contracts/ai/chat.schema';

/** Colour and label of each quality category (antd Tag preset colours). */
export const QUALITY_BADGE: Record<QualityCategory, { color: string; label: string }> = {
  excellent: { color: 'green', label: 'Excellent' },
  good: { color: 'blue', label: 'Good' },
  fair: { color: 'gold', label: 'Fair' },
  poor: { color: 'orange', label: 'Poor' },
  canned: { color: 'volcano', label: 'Canned' },
  forced: { color: 'magenta', label: 'Forced' },
  error: { color: 'red', label: 'Error' },
};

/** The warning under a reply that did not pass the quality rules, or null. */
export function qualityWarning(category: QualityCategory): string | null {
  if (category === 'canned')
    return 'This reply looks canned: it may be generic or miss your question. Try rephrasing or Retry.';
  if (category === 'forced')
    return 'No good answer came after 3 attempts, so this is a fallback reply. Try rephrasing or another provider.';
  return null;
}
