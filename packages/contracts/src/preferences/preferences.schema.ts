import { z } from 'zod';
import { singleLineText } from '../common/text.schema';

/** User preferences of part 1 section 3. Every field has a default so a new user reads a full object. */
export const preferencesSchema = z.object({
  theme: z.enum(['light', 'dark', 'system']),
  dark_mode: z.boolean(),
  viewMode: z.enum(['grid', 'list', 'details']),
  language: z.string().min(2).max(10),
  dashboard_layout: z.object({ layout: z.string().max(40) }),
  notification_settings: z.object({
    email: z.boolean(),
    push: z.boolean(),
    security_alerts: z.boolean(),
    cost_alerts: z.boolean(),
    file_uploads: z.boolean(),
    ai_analysis: z.boolean(),
    weekly_reports: z.boolean(),
  }),
  privacy_settings: z.object({
    data_collection: z.boolean(),
    analytics_tracking: z.boolean(),
    third_party_sharing: z.boolean(),
    marketing_communications: z.boolean(),
    data_retention: z.enum(['30d', '90d', '1y', 'forever']),
  }),
  fileSort: z.object({
    field: z.enum(['name', 'size', 'uploadDate', 'type']),
    direction: z.enum(['asc', 'desc']),
  }),
  sidebar: z.object({ expanded: z.boolean(), favorites: z.array(z.string().max(200)).max(50) }),
  ui: z.object({
    timezone: z.string().max(64),
    items_per_page: z.number().int().min(10).max(200),
  }),
  ai: z.object({
    provider: z.string().max(40),
    model: z.string().max(100),
    enabled: z.boolean(),
    auto_suggestions: z.boolean(),
    smart_categorization: z.boolean(),
    /** Chat answers from the user's own files ("Use my files", issue 16); sent as the chat body's `useFiles`. */
    use_files: z.boolean(),
  }),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'system',
  dark_mode: false,
  viewMode: 'grid',
  language: 'en',
  dashboard_layout: { layout: 'default' },
  notification_settings: {
    email: true,
    push: false,
    security_alerts: true,
    cost_alerts: true,
    file_uploads: false,
    ai_analysis: true,
    weekly_reports: false,
  },
  privacy_settings: {
    data_collection: true,
    analytics_tracking: false,
    third_party_sharing: false,
    marketing_communications: false,
    data_retention: '1y',
  },
  fileSort: { field: 'name', direction: 'asc' },
  sidebar: { expanded: true, favorites: [] },
  ui: { timezone: 'UTC', items_per_page: 50 },
  ai: {
    provider: 'auto',
    model: 'llama3.2:3b',
    enabled: true,
    auto_suggestions: true,
    smart_categorization: true,
    use_files: true,
  },
};

const shape = preferencesSchema.shape;

/**
 * PUT accepts any subset of top-level fields; nested objects are merged field by field, so each
 * nested object is partial too. Unknown fields are refused at both levels, so a typo is a 400
 * rather than a silently dropped setting.
 */
const line = (max: number) => singleLineText().max(max);

export const preferencesUpdateSchema = z
  .strictObject({
    theme: shape.theme,
    dark_mode: shape.dark_mode,
    viewMode: shape.viewMode,
    language: line(10).min(2),
    dashboard_layout: z.strictObject({ layout: line(40) }).partial(),
    notification_settings: shape.notification_settings.partial().strict(),
    privacy_settings: shape.privacy_settings.partial().strict(),
    fileSort: shape.fileSort.partial().strict(),
    sidebar: shape.sidebar
      .extend({ favorites: z.array(line(200)).max(50) })
      .partial()
      .strict(),
    ui: shape.ui
      .extend({ timezone: line(64) })
      .partial()
      .strict(),
    ai: shape.ai
      .extend({ provider: line(40), model: line(100) })
      .partial()
      .strict(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'At least one preference field is required' });
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;

export const preferencesReplySchema = z.object({ success: z.literal(true), data: preferencesSchema });
export type PreferencesReply = z.infer<typeof preferencesReplySchema>;

export const preferencesUpdateReplySchema = z.object({
  success: z.literal(true),
  updated_fields: z.array(z.string()),
  data: preferencesSchema,
});
export type PreferencesUpdateReply = z.infer<typeof preferencesUpdateReplySchema>;

/** Top-level preference keys, in the order replies list them. */
export const PREFERENCE_KEYS = Object.keys(DEFAULT_PREFERENCES) as (keyof Preferences)[];
