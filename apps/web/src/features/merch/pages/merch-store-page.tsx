import type { MerchCategory, MerchProduct } from '@stratos/contracts/merch/products.schema';
import { App, Empty, Segmented, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth-session';
import { newIdempotencyKey } from '../../../lib/payments/idempotency-key';
import { confirmOrder } from '../api/confirm-order';
import { useMerchProducts } from '../api/list-products';
import { CartModal } from '../components/cart-modal';
import type { OrderOutcome } from '../components/order-result-modal';
import { defaultOptions, ProductCard } from '../components/product-card';
import { QuickViewModal } from '../components/quick-view-modal';
import { StoreHero } from '../components/store-hero';
import { StoreError, StoreLoading } from '../components/store-states';
import styles from '../merch.module.css';
import { itemCount } from '../model/cart';
import { useCart } from '../model/use-cart';

// The payment step and the result load when a buyer gets there, not with the catalogue.
const CheckoutModal = lazy(() => import('../components/checkout-modal'));
const OrderResultModal = lazy(() =>
  import('../components/order-result-modal').then((m) => ({ default: m.OrderResultModal })),
);

type Filter = 'all' | MerchCategory;
const FILTERS: { label: string; value: Filter }[] = [
  { label: 'All', value: 'all' },
  { label: 'Apparel', value: 'apparel' },
  { label: 'Accessories', value: 'accessories' },
  { label: 'Tech', value: 'tech' },
];

/** /merch-store (and /merch, /store, /merchandise): the public store of part 2 section 2. */
export default function MerchStorePage() {
  const products = useMerchProducts();
  const cart = useCart(products.data);
  const session = useSession();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<Filter>('all');
  const [quickView, setQuickView] = useState<MerchProduct | null>(null);
  const [cartOpen, setCartOpen] = useState(params.get('cart') === 'open');
  const [checkoutKey, setCheckoutKey] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<OrderOutcome | null>(null);

  const shown = useMemo(
    () => (products.data ?? []).filter((p) => filter === 'all' || p.category === filter),
    [products.data, filter],
  );
  const featured = useMemo(() => (products.data ?? []).filter((p) => p.featured), [products.data]);

  const add = (p: MerchProduct, color: string, size: string, quantity = 1) => {
    cart.add(p, color, size, quantity);
    void message.success(`${p.name} (${color}, ${size}) added to your cart`);
  };
  const quickAdd = (p: MerchProduct) => {
    const o = defaultOptions(p);
    add(p, o.color, o.size);
  };
  const closeCart = () => {
    setCartOpen(false);
    if (params.has('cart')) setParams({}, { replace: true });
  };
  const onResult = useCallback(
    (r: OrderOutcome) => {
      setOutcome(r);
      if ('orderNumber' in r && r.success) {
        cart.clear();
        setCheckoutKey(null);
        void products.refetch();
      }
    },
    [cart.clear, products.refetch],
  );

  // Back from a redirect-based Stripe confirmation (3-D Secure): confirm the order it paid.
  useEffect(() => {
    const orderId = params.get('order');
    if (!orderId || !params.get('redirect_status')) return;
    setParams({}, { replace: true });
    confirmOrder(orderId).then(onResult, (err) =>
      onResult({ error: errorMessage(err, 'Checkout failed'), retryable: false }),
    );
  }, [params, setParams, onResult]);

  if (products.isPending) return <StoreLoading />;
  if (products.isError)
    return <StoreError onRetry={() => void products.refetch()} retrying={products.isFetching} />;

  const count = itemCount(cart.items);
  return (
    <>
      <StoreHero count={count} onOpenCart={() => setCartOpen(true)} />

      {featured.length > 0 && (
        <section className={styles.section} aria-labelledby="merch-featured">
          <Typography.Title level={2} id="merch-featured" style={{ fontSize: 22 }}>
            Featured
          </Typography.Title>
          <div className={styles.featuredGrid}>
            {featured.map((p) => (
              <ProductCard key={p.id} product={p} onQuickView={setQuickView} onAdd={quickAdd} />
            ))}
          </div>
        </section>
      )}

      <section className={styles.section} aria-labelledby="merch-all">
        <Typography.Title level={2} id="merch-all" style={{ fontSize: 22 }}>
          Shop by category
        </Typography.Title>
        <Segmented
          options={FILTERS}
          value={filter}
          onChange={(v) => setFilter(v as Filter)}
          style={{ marginBottom: 20 }}
          aria-label="Category"
        />
        {shown.length === 0 ? (
          <Empty description="No products in this category yet." />
        ) : (
          <div className={styles.grid} data-testid="product-grid">
            {shown.map((p) => (
              <ProductCard key={p.id} product={p} onQuickView={setQuickView} onAdd={quickAdd} />
            ))}
          </div>
        )}
      </section>

      {quickView && <QuickViewModal product={quickView} onClose={() => setQuickView(null)} onAdd={add} />}
      {cartOpen && (
        <CartModal
          cart={cart}
          signedIn={session.status === 'signedIn'}
          onClose={closeCart}
          onCheckout={() => {
            closeCart();
            setCheckoutKey(newIdempotencyKey());
          }}
        />
      )}
      <Suspense fallback={null}>
        {checkoutKey && !outcome && (
          <CheckoutModal
            checkoutKey={checkoutKey}
            body={{
              items: cart.items.map(({ productId, color, size, quantity }) => ({
                productId,
                color,
                size,
                quantity,
              })),
            }}
            onClose={() => setCheckoutKey(null)}
            onResult={onResult}
          />
        )}
        {outcome && (
          <OrderResultModal
            outcome={outcome}
            onClose={() => {
              setOutcome(null);
              setCheckoutKey(null);
            }}
            onRetry={() => setOutcome(null)}
          />
        )}
      </Suspense>
    </>
  );
}
