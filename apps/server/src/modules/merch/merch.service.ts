import type { AdminMerchOrder, MerchOrder } from '@stratos/contracts/merch/orders.schema';
import {
  MERCH_MESSAGES,
  type MerchCategory,
  type MerchProduct,
  type UpdateMerchProductBody,
} from '@stratos/contracts/merch/products.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/pg-error';
import { MerchRepository, type OrderRow } from './merch.repository';
import type { MerchCheckoutService } from './merch-checkout.service';
import { loadViews, toAdminOrder, toProduct } from './merch-views';

export interface MerchDeps {
  db: Db;
  clock: Clock;
  checkout: Pick<MerchCheckoutService, 'checkToken'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/**
 * The store's catalogue and its orders (part 2 sections 2, 3, 9): the public catalogue, the
 * superadmin's edits, a buyer's orders, every order for admins, and a guest's order by its link.
 * Checkout and payment live in MerchCheckoutService.
 */
export class MerchService {
  private readonly repo: MerchRepository;

  constructor(private readonly d: MerchDeps) {
    this.repo = new MerchRepository(d.db);
  }

  async products(filter: { category?: MerchCategory; featured?: boolean }): Promise<MerchProduct[]> {
    return (await this.repo.listProducts(filter)).map(toProduct);
  }

  async product(id: string): Promise<MerchProduct> {
    const row = await this.repo.findProduct(id);
    if (!row) throw notFound(MERCH_MESSAGES.productNotFound, 'PRODUCT_NOT_FOUND');
    return toProduct(row);
  }

  async updateProduct(id: string, patch: UpdateMerchProductBody): Promise<MerchProduct> {
    try {
      const row = await this.repo.updateProduct(id, patch, this.d.clock.now());
      if (!row) throw notFound(MERCH_MESSAGES.productNotFound, 'PRODUCT_NOT_FOUND');
      return toProduct(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('Another product already has this SKU', 'SKU_TAKEN');
      throw err;
    }
  }

  /**
   * A signed-in user's paid orders. Signed in means the e-mail is verified (an unconfirmed account
   * cannot sign in), so guest orders paid with it since the last sign-in are claimed first.
   */
  async myOrders(user: { id: string; email: string }, limit: number): Promise<MerchOrder[]> {
    await this.attachGuestOrders(user.id, user.email);
    return loadViews(this.repo, await this.repo.listPaidOrders(user.id, limit));
  }

  /**
   * Gives an account the paid guest orders placed with its e-mail. Call only once the e-mail is
   * proven to be the account's (sign-in of a confirmed account, or the confirmation itself).
   */
  async attachGuestOrders(userId: string, email: string): Promise<number> {
    const n = await this.repo.attachGuestOrders(userId, email);
    if (n > 0) this.d.log.info({ userId, orders: n }, 'guest merch orders attached to their account');
    return n;
  }

  /** A guest's order, opened with the signed token of its link (401 without, 404 when wrong). */
  async guestOrder(orderNumber: string, token: string | undefined): Promise<MerchOrder> {
    this.d.checkout.checkToken(orderNumber, token);
    const order = await this.repo.findOrderByNumber(orderNumber);
    if (!order) throw notFound(MERCH_MESSAGES.orderNotFound, 'ORDER_NOT_FOUND');
    return (await loadViews(this.repo, [order]))[0] as MerchOrder;
  }

  async allOrders(filter: { status?: OrderRow['status']; limit: number }): Promise<AdminMerchOrder[]> {
    const rows = await this.repo.listAllOrders(filter);
    const views = await loadViews(
      this.repo,
      rows.map((r) => r.order),
    );
    return views.map((v, i) => {
      const r = rows[i] as (typeof rows)[number];
      const name = r.order.userId
        ? `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim()
        : `${r.order.shippingAddress?.name ?? r.order.email} (guest)`;
      return toAdminOrder(v, r.order.userId, name);
    });
  }
}
