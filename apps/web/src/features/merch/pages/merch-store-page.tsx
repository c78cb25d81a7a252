import type { MerchProduct } from '@stratos/contracts/merch/products.schema';
import { theme } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/auth-session';
import { useMerchProducts } from '../api/list-products';
import { CategoryFilter, type CategoryFilterValue } from '../components/category-filter';
import type { OrderOutcome } from '../components/order-result-modal';
import { defaultOptions, ProductCard } from '../components/product-card';
import type { CheckoutDetails } from '../components/shipping-form';
import { StoreHero } from '../components/store-hero';
import { StoreError, StoreLoading } from '../components/store-states';
import styles from '../merch.module.css';
import { itemCount } from '../model/cart';
import { useCart } from '../model/use-cart';

// Every dialog loads when it is opened: the catalogue's first load carries none of them.
const QuickViewModal = lazy(() => import('../components/quick-view-modal'));
const CartModal = lazy(() => import('../components/cart-modal'));
const CheckoutModal = lazy(() => import('../components/checkout-modal'));
const OrderResultModal = lazy(() => import('../components/order-result-modal'));
const StripeReturn = lazy(() => import('../components/stripe-return'));

/** /merch-store (and /merch, /store, /merchandise): the public store of part 2 section 2. */
export default function MerchStorePage() {
  const { token } = theme.useToken();
  const products = useMerchProducts();
  const cart = useCart(products.data);
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<CategoryFilterValue>('all');
  const [quickView, setQuickView] = useState<MerchProduct | null>(null);
  const [cartOpen, setCartOpen] = useState(params.get('cart') === 'open');
  const [checkoutKey, setCheckoutKey] = useState<string | null>(null);
  const [details, setDetails] = useState<CheckoutDetails | null>(null);
  const [outcome, setOutcome] = useState<OrderOutcome | null>(null);
  const [notice, setNotice] = useState('');

  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(''), 3000);
    return () => clearTimeout(t);
  }, [notice]);

  const shown = useMemo(
    () => (products.data ?? []).filter((p) => filter === 'all' || p.category === filter),
    [products.data, filter],
  );
  const featured = useMemo(() => (products.data ?? []).filter((p) => p.featured), [products.data]);

  const add = (p: MerchProduct, color: string, size: string, quantity = 1) => {
    cart.add(p, color, size, quantity);
    setNotice(`${p.name} (${color}, ${size}) added to your cart`);
  };
  const quickAdd = (p: MerchProduct) => {
    const o = defaultOptions(p);
    add(p, o.color, o.size);
  };
  const closeCart = () => {
    setCartOpen(false);
    if (params.has('cart')) setParams({}, { replace: true });
  };
  const { clear } = cart;
  const { refetch } = products;
  const onResult = useCallback(
    (r: OrderOutcome) => {
      setOutcome(r);
      if ('orderNumber' in r && r.success) {
        clear();
        setCheckoutKey(null);
        setDetails(null);
        void refetch();
      }
    },
    [clear, refetch],
  );

  if (products.isPending) return <StoreLoading />;
  if (products.isError)
    return <StoreError onRetry={() => void products.refetch()} retrying={products.isFetching} />;

  const count = itemCount(cart.items);
  const stripeOrder = params.get('redirect_status') ? params.get('order') : null;
  return (
    <>
      <StoreHero count={count} onOpenCart={() => setCartOpen(true)} />

      {featured.length > 0 && (
        <section className={styles.section} aria-labelledby="merch-featured">
          <h2 id="merch-featured" className={styles.sectionTitle} style={{ color: token.colorTextHeading }}>
            Featured
          </h2>
          <div className={styles.featuredGrid}>
            {featured.map((p) => (
              <ProductCard key={p.id} product={p} onQuickView={setQuickView} onAdd={quickAdd} />
            ))}
          </div>
        </section>
      )}

      <section className={styles.section} aria-labelledby="merch-all">
        <h2 id="merch-all" className={styles.sectionTitle} style={{ color: token.colorTextHeading }}>
          Shop by category
        </h2>
        <CategoryFilter value={filter} onChange={setFilter} />
        {shown.length === 0 ? (
          <p style={{ color: token.colorTextSecondary, padding: '32px 0', textAlign: 'center' }}>
            No products in this category yet.
          </p>
        ) : (
          <div className={styles.grid} data-testid="product-grid">
            {shown.map((p) => (
              <ProductCard key={p.id} product={p} onQuickView={setQuickView} onAdd={quickAdd} />
            ))}
          </div>
        )}
      </section>

      <div
        aria-live="polite"
        className={notice ? styles.liveRegion : undefined}
        style={notice ? { background: token.colorBgElevated, color: token.colorText } : undefined}
      >
        {notice}
      </div>

      <Suspense fallback={null}>
        {quickView && <QuickViewModal product={quickView} onClose={() => setQuickView(null)} onAdd={add} />}
        {cartOpen && (
          <CartModal
            cart={cart}
            signedIn={session.status === 'signedIn'}
            onClose={closeCart}
            onCheckout={(key) => {
              closeCart();
              setDetails(null);
              setCheckoutKey(key);
            }}
          />
        )}
        {checkoutKey && !outcome && (
          <CheckoutModal
            checkoutKey={checkoutKey}
            items={cart.items.map(({ productId, color, size, quantity }) => ({
              productId,
              color,
              size,
              quantity,
            }))}
            guest={session.status !== 'signedIn'}
            details={details}
            onDetails={setDetails}
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
        {stripeOrder && (
          <StripeReturn
            orderId={stripeOrder}
            onDone={(r) => {
              setParams({}, { replace: true });
              onResult(r);
            }}
          />
        )}
      </Suspense>
    </>
  );
}
