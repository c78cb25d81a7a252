import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, latestCode } from './api';

/** Registers and confirms an account through the API, for journeys that start signed in. */
export async function confirmedUser(
  baseURL: string,
  adminToken: string,
  account: { email: string; password: string; firstName: string; lastName: string },
): Promise<void> {
  const { email } = account;
  const reg = await api(baseURL, '/auth/register', { method: 'POST', body: account });
  expect(reg.status).toBe(200);
  const code = await latestCode(baseURL, adminToken, email);
  expect((await api(baseURL, '/auth/confirm', { method: 'POST', body: { email, code } })).status).toBe(200);
}

/** Signs in through the login form and waits until the app has moved on from /login. */
export async function signIn(page: Page, baseURL: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseURL}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
}
