import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { confirmedUser } from './support/accounts';
import { loginToken } from './support/api';
import { axeFindings, describeFindings, visibleH1Count } from './support/axe';
import {
  animationsSettled,
  hasChromium,
  launchBrowser,
  screenshot,
  screenshotBothThemes,
  showTheme,
} from './support/browser';

const baseURL = inject('baseURL');
const admin = inject('admin');
const buyer = {
  email: `merch-buyer-${Date.now()}@stratos.test`,
  password: 'MerchBuyer2026pw',
  firstName: 'Morgan',
  lastName: 'Buyer',
};

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

async function storeLoaded(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Stratos Merch Store' }).waitFor({ timeout: 20_000 });
  await page.getByTestId('product-grid').waitFor();
}

/** Scrolls through the page so every lazy picture loads, then waits for them (for screenshots). */
async function imagesLoaded(page: Page) {
  await page.evaluate(async () => {
    for (const img of Array.from(document.images)) {
      img.loading = 'eager';
    }
    await Promise.all(
      Array.from(document.images).map((img) =>
        img.complete ? undefined : new Promise((done) => img.addEventListener('load', done, { once: true })),
      ),
    );
  });
}

interface AddressFields {
  name: string;
  line1: string;
  city: string;
  postalCode: string;
}

/** Fills the shipping form (the country stays the browser's own region, US here). */
async function fillAddress(form: ReturnType<Page['getByRole']>, a: AddressFields) {
  await form.getByLabel('Full name').fill(a.name);
  await form.getByLabel('Address line 1').fill(a.line1);
  await form.getByLabel('City').fill(a.city);
  await form.getByLabel('Postal code').fill(a.postalCode);
}

/** Serious or critical axe findings of the page as it stands, in both themes. */
async function expectAccessible(page: Page, where: string) {
  const problems: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await showTheme(page, theme);
    problems.push(...describeFindings(`${where} (${theme})`, await axeFindings(page)));
  }
  expect(problems).toEqual([]);
}

describe.skipIf(!hasChromium)('merch store in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    await confirmedUser(baseURL, await loginToken(baseURL, admin.email, admin.password), buyer);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('browses signed out, fills the cart, keeps it over a reload, signs in, pays with the test card and finds the order under Billing', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/merch-store`);
    await storeLoaded(page);
    expect(await visibleH1Count(page)).toBe(1);
    // Eight products from the API, the tee at its catalogue price.
    await expect
      .poll(() => page.getByTestId('product-grid').locator('[data-testid^="product-"]').count())
      .toBe(8);
    await expect.poll(visible(page, '$24.99')).toBe(true);
    // Every product picture is lazy and sized to its square slot (no layout shift as it arrives).
    const pictures = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('img[src^="/merch/"]')).map((i) => ({
        loading: i.loading,
        ratio: i.getBoundingClientRect().width / Math.max(1, i.getBoundingClientRect().height),
        svg: i.src.endsWith('.svg'),
      })),
    );
    expect(pictures.length).toBe(12);
    for (const p of pictures) expect(p).toEqual({ loading: 'lazy', ratio: 1, svg: true });
    await imagesLoaded(page);
    await screenshotBothThemes(page, (t) => `merch-store-${t}`);
    await expectAccessible(page, '/merch-store');

    // The category filter.
    const categories = page.getByRole('radiogroup', { name: 'Category' });
    await categories.getByText('Tech', { exact: true }).click();
    await expect
      .poll(() => page.getByTestId('product-grid').locator('[data-testid^="product-"]').count())
      .toBe(2);
    await categories.getByText('All', { exact: true }).click();

    // One item with a colour and size chosen in the quick view, one added straight away.
    await page.getByTestId('product-grid').getByRole('button', { name: 'Quick view Logo T-Shirt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Logo T-Shirt' });
    await dialog.waitFor();
    await animationsSettled(page);
    await dialog
      .locator('label')
      .filter({ hasText: /^Navy$/ })
      .click();
    await dialog.locator('label').filter({ hasText: /^L$/ }).click();
    expect(await dialog.getByRole('radio', { name: 'Navy' }).isChecked()).toBe(true);
    await expect.poll(() => dialog.getByRole('img', { name: 'Logo T-Shirt in Navy' }).isVisible()).toBe(true);
    await screenshotBothThemes(page, (t) => `merch-quick-view-${t}`);
    await expectAccessible(page, '/merch-store quick view');
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByTestId('product-grid').getByRole('button', { name: 'Add Sticker Pack to cart' }).click();
    await expect.poll(() => page.getByTestId('cart-button').textContent()).toContain('Cart (2)');

    // The cart survives a reload.
    await page.reload();
    await storeLoaded(page);
    await expect.poll(() => page.getByTestId('cart-button').textContent()).toContain('Cart (2)');

    await page.getByTestId('cart-button').click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await cart.waitFor();
    // The cart zooms in: a click while it moves can land beside its button (or close it).
    await animationsSettled(page);
    await expect.poll(visible(page, 'Navy · L · $24.99')).toBe(true);
    await cart.getByRole('button', { name: 'One more Logo T-Shirt (Navy, L)' }).click();
    await expect.poll(() => cart.getByTestId('summary-total').textContent()).toBe('$70.76');
    await cart.getByRole('button', { name: 'One fewer Logo T-Shirt (Navy, L)' }).click();
    // 24.99 + 9.99 = 34.98; tax 2.80; shipping 5.99
    await expect.poll(() => cart.getByTestId('summary-total').textContent()).toBe('$43.77');
    await screenshotBothThemes(page, (t) => `merch-cart-${t}`);
    await expectAccessible(page, '/merch-store cart');

    await cart.getByRole('link', { name: 'Sign in to check out' }).click();
    await page.waitForURL(/\/login/);
    await page.getByLabel('Email').fill(buyer.email);
    await page.getByLabel('Password', { exact: true }).fill(buyer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/merch-store/, { timeout: 15_000 });
    const cartAgain = page.getByRole('dialog', { name: 'Your cart' });
    await cartAgain.waitFor({ timeout: 15_000 });
    await animationsSettled(page);
    await cartAgain.getByRole('button', { name: 'Proceed to Checkout' }).click();

    // Where it goes: every checkout takes a shipping address.
    const ship = page.getByRole('dialog', { name: 'Shipping details' });
    await ship.waitFor();
    await fillAddress(ship, {
      name: 'Morgan Buyer',
      line1: '500 Market Street',
      city: 'Springfield',
      postalCode: '62701',
    });
    await ship.getByRole('button', { name: 'Continue to payment' }).click();

    const pay = page.getByRole('dialog', { name: 'Checkout' });
    await pay.getByRole('button', { name: 'Pay $43.77' }).waitFor({ timeout: 15_000 });
    await screenshotBothThemes(page, (t) => `merch-checkout-${t}`);
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.getByLabel('Expiry date').fill('1234');
    await pay.getByLabel('Security code').fill('123');
    await pay.getByRole('button', { name: 'Pay $43.77' }).click();

    const result = page.getByRole('dialog', { name: 'Order confirmed' });
    await result.waitFor({ timeout: 15_000 });
    const orderNumber = (await result.getByTestId('order-number').textContent()) ?? '';
    expect(orderNumber).toMatch(/^STR-\d{8}-[0-9A-Z]{6}$/);
    expect(await result.getByTestId('order-total').textContent()).toBe('$43.77');
    await expect.poll(visible(page, 'Visa ending in 4242')).toBe(true);
    await screenshotBothThemes(page, (t) => `merch-order-result-${t}`);
    await expectAccessible(page, '/merch-store order result');
    await result.getByRole('button', { name: 'Continue shopping' }).click();
    await expect.poll(() => page.getByTestId('cart-button').textContent()).toContain('Cart (0)');

    await page.goto(`${baseURL}/billing`);
    const orders = page.getByRole('region', { name: 'Store orders' });
    await orders.getByText(orderNumber).waitFor({ timeout: 15_000 });
    expect(await orders.textContent()).toContain('1 × Logo T-Shirt (Navy, L)');
    expect(await orders.textContent()).toContain('$43.77');
    expect(await orders.textContent()).toContain('500 Market Street');
    await orders.scrollIntoViewIfNeeded();
    await screenshotBothThemes(page, (t) => `merch-billing-orders-${t}`);
    await context.close();

    // The superadmin sees it among all orders and can edit the catalogue.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`${baseURL}/login?redirect=%2Fadmin-dashboard%3Ftab%3Dstore`);
    await adminPage.getByLabel('Email').fill(admin.email);
    await adminPage.getByLabel('Password', { exact: true }).fill(admin.password);
    await adminPage.getByRole('button', { name: 'Sign In' }).click();
    await adminPage.getByText(orderNumber).waitFor({ timeout: 20_000 });
    await adminPage.getByRole('button', { name: 'Edit Hoodie' }).waitFor();
    await screenshotBothThemes(adminPage, (t) => `merch-admin-orders-${t}`);
    await adminContext.close();
  });

  it('a signed-out visitor buys two items as a guest with an e-mail and address, then opens the order link', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const email = `merch-guest-${Date.now()}@stratos.test`;
    await page.goto(`${baseURL}/merch-store`);
    await storeLoaded(page);
    await page.getByTestId('product-grid').getByRole('button', { name: 'Add Sticker Pack to cart' }).click();
    await page.getByTestId('product-grid').getByRole('button', { name: 'Quick view Mug' }).click();
    const mug = page.getByRole('dialog', { name: 'Mug' });
    await mug.waitFor();
    await animationsSettled(page);
    await mug.getByRole('button', { name: 'Add to cart' }).click();
    await mug.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('cart-button').textContent()).toContain('Cart (2)');
    await page.getByTestId('cart-button').click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await cart.waitFor();
    await animationsSettled(page);
    await cart.getByRole('button', { name: 'Check out as a guest' }).click();

    const details = page.getByRole('dialog', { name: 'Check out as a guest' });
    await details.waitFor();
    // Refused until the e-mail is valid and the address complete.
    await details.getByLabel('E-mail').fill('not-an-email');
    await details.getByRole('button', { name: 'Continue to payment' }).click();
    await details.getByText('Please enter a valid email').waitFor();
    await details.getByText('Please enter the street address').waitFor();
    await details.getByLabel('E-mail').fill(email);
    await fillAddress(details, {
      name: 'Robin Guest',
      line1: '1 Infinite Loop',
      city: 'Cupertino',
      postalCode: '95014',
    });
    await screenshotBothThemes(page, (t) => `merch-guest-details-${t}`);
    await expectAccessible(page, '/merch-store guest details');
    await details.getByRole('button', { name: 'Continue to payment' }).click();

    // 9.99 + 16.99 = 26.98; tax 2.16; shipping 5.99 = 35.13, priced by the server.
    const pay = page.getByRole('dialog', { name: 'Checkout' });
    await pay.getByRole('button', { name: 'Pay $35.13' }).waitFor({ timeout: 15_000 });
    await expect.poll(visible(page, `receipt to ${email}`)).toBe(true);
    await screenshotBothThemes(page, (t) => `merch-guest-checkout-${t}`);
    await expectAccessible(page, '/merch-store guest checkout');
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.getByLabel('Expiry date').fill('1234');
    await pay.getByLabel('Security code').fill('123');
    await pay.getByRole('button', { name: 'Pay $35.13' }).click();

    const result = page.getByRole('dialog', { name: 'Order confirmed' });
    await result.waitFor({ timeout: 15_000 });
    const orderNumber = (await result.getByTestId('order-number').textContent()) ?? '';
    expect(orderNumber).toMatch(/^STR-\d{8}-[0-9A-Z]{6}$/);
    expect(await result.getByTestId('order-total').textContent()).toBe('$35.13');
    expect(await result.getByTestId('order-address').textContent()).toContain('1 Infinite Loop');
    await screenshotBothThemes(page, (t) => `merch-guest-result-${t}`);
    await expectAccessible(page, '/merch-store guest order result');

    // The order link (the one the confirmation mail carries) opens the order.
    await result.getByTestId('order-link').click();
    await page.waitForURL(/\/merch-store\/orders\/STR-.*\?token=/);
    await expect
      .poll(() => page.getByTestId('guest-order-number').textContent(), { timeout: 15_000 })
      .toBe(orderNumber);
    expect(await page.getByTestId('guest-order-status').textContent()).toBe('Paid');
    await expect.poll(visible(page, 'Cupertino')).toBe(true);
    await expect.poll(visible(page, '1 × Mug')).toBe(true);
    expect(await visibleH1Count(page)).toBe(1);
    await screenshotBothThemes(page, (t) => `merch-guest-order-page-${t}`);
    await expectAccessible(page, '/merch-store/orders/:number');

    // The number alone opens nothing.
    await page.goto(`${baseURL}/merch-store/orders/${orderNumber}`);
    await page.getByText('This order can only be opened with the link sent to its e-mail address').waitFor();
    await context.close();
  });

  it('fits a 390 px phone: grid, cart and quick view', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`${baseURL}/merch-store`);
    await storeLoaded(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await imagesLoaded(page);
    await screenshotBothThemes(page, (t) => `merch-store-390-${t}`);
    await page.getByTestId('product-grid').scrollIntoViewIfNeeded();
    await screenshot(page, 'merch-store-390-grid-dark');
    await page.getByTestId('product-grid').getByRole('button', { name: 'Quick view Hoodie' }).click();
    await page.getByRole('dialog', { name: 'Hoodie' }).waitFor();
    await screenshotBothThemes(page, (t) => `merch-quick-view-390-${t}`);
    await expectAccessible(page, '/merch-store quick view at 390 px');
    await page.getByRole('dialog', { name: 'Hoodie' }).getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('dialog', { name: 'Hoodie' }).waitFor({ state: 'hidden' });

    // The guest checkout form fits too.
    await page.getByTestId('cart-button').click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await cart.waitFor();
    await animationsSettled(page);
    await cart.getByRole('button', { name: 'Check out as a guest' }).click();
    const details = page.getByRole('dialog', { name: 'Check out as a guest' });
    await details.waitFor();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(wide).toBeLessThanOrEqual(0);
    await screenshotBothThemes(page, (t) => `merch-guest-details-390-${t}`);
    await expectAccessible(page, '/merch-store guest details at 390 px');
    await details.getByLabel('E-mail').fill(`merch-phone-${Date.now()}@stratos.test`);
    await fillAddress(details, {
      name: 'Sam Phone',
      line1: '9 Harbour Road',
      city: 'Portland',
      postalCode: '97201',
    });
    await details.getByRole('button', { name: 'Continue to payment' }).click();
    const pay = page.getByRole('dialog', { name: 'Checkout' });
    await pay.getByRole('button', { name: /^Pay \$/ }).waitFor({ timeout: 15_000 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshotBothThemes(page, (t) => `merch-guest-checkout-390-${t}`);
    await context.close();
  });
});
