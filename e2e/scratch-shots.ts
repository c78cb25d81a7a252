import { launchBrowser, screenshotBothThemes } from './support/browser';
import { api, latestCode, loginToken } from './support/api';
const base = 'http://127.0.0.1:4517';
const root = await loginToken(base, 'ops@stratos.test', 'AdminPassw0rd');
const email = 'shots@stratos.test', password = 'Sh0tsPassword';
const reg = await api(base, '/auth/register', { method: 'POST', body: { email, password, firstName: 'Sam', lastName: 'Shot' } });
if (reg.status === 200) { const code = await latestCode(base, root, email); await api(base, '/auth/confirm', { method: 'POST', body: { email, code } }); }
const browser = await launchBrowser();
for (const width of [1280, 390]) {
  const visitor = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 860 }, reducedMotion: 'reduce' });
  for (const p of (process.env.PUBLIC ?? '/,/login,/pricing').split(',')) {
    await visitor.goto(base + p); await visitor.waitForLoadState('networkidle');
    await screenshotBothThemes(visitor, (t) => `a11y-${p.replace(/\W+/g, '_') || 'home'}-${t}-${width}`);
  }
  const ctx = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 860 }, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.goto(base + '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  for (const p of (process.env.PRIVATE ?? '/dashboard,/settings,/files,/ai').split(',')) {
    await page.goto(base + p); await page.waitForLoadState('networkidle');
    await screenshotBothThemes(page, (t) => `a11y-${p.replace(/\W+/g, '_')}-${t}-${width}`);
  }
}
await browser.close();
