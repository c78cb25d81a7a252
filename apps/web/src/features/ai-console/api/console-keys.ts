/** Query keys of the superadmin console: one root, so a refresh can mark all of it stale. */
export const consoleKeys = {
  root: ['ai-console'] as const,
  seedCheck: ['ai-console', 'seed-check'] as const,
  seedCategories: ['ai-console', 'seed-categories'] as const,
  extraction: ['ai-console', 'extraction'] as const,
  providers: ['ai-console', 'providers'] as const,
  learningStatus: ['ai-console', 'learning', 'status'] as const,
  improvements: ['ai-console', 'learning', 'improvements'] as const,
  cycles: ['ai-console', 'learning', 'cycles'] as const,
  exponential: ['ai-console', 'learning', 'exponential'] as const,
  enhanced: ['ai-console', 'learning', 'enhanced'] as const,
};
