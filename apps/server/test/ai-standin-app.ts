import { afterAll, beforeAll } from 'vitest';
import { AiStandins } from './ai-standins';
import { createTestApp, type TestApp } from './test-app';

/**
 * For a test file: starts the stand-ins and an app pointed at them before all its tests, closes
 * both after. Read `.standins` and `.t` inside tests and hooks.
 */
export function useStandinApp(env: Record<string, string> = {}): { standins: AiStandins; t: TestApp } {
  const ctx = {} as { standins: AiStandins; t: TestApp };
  beforeAll(async () => {
    ctx.standins = await AiStandins.start();
    ctx.t = await createTestApp({ ...ctx.standins.env(), ...env });
  });
  afterAll(async () => {
    await ctx.t?.close();
    await ctx.standins?.close();
  });
  return ctx;
}
