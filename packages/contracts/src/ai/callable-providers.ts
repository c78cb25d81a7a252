// Apart from providers.schema.ts so that pages showing the list (the home page) do not load zod.
/** Providers that answer queries (the assistant service is listed but never available). */
export const AI_CALLABLE_PROVIDERS = ['ollama', 'openai', 'anthropic', 'google', 'huggingface'] as const;
export type AiCallableProvider = (typeof AI_CALLABLE_PROVIDERS)[number];
