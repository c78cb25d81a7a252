import { ShoppingCartOutlined } from '@ant-design/icons';
import styles from '../merch.module.css';
import { StoreButton } from './store-button';

/** The store's banner with the cart button and its item count. */
export function StoreHero({ count, onOpenCart }: { count: number; onOpenCart: () => void }) {
  return (
    <section className={styles.hero} aria-labelledby="merch-title">
      <div>
        <h1 id="merch-title" className={styles.heroTitle}>
          Stratos Merch Store
        </h1>
        <p className={styles.heroLead}>
          Apparel, accessories and desk gear for people who keep their files in the cloud. Every order ships
          in 7 days for a flat 5.99.
        </p>
      </div>
      <span className={styles.cartWrap}>
        <StoreButton
          size="large"
          icon={<ShoppingCartOutlined />}
          onClick={onOpenCart}
          aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
          data-testid="cart-button"
        >
          Cart ({count})
        </StoreButton>
        {count > 0 && (
          <span className={styles.cartBadge} aria-hidden>
            {count > 99 ? '99+' : count}
          </span>
        )}
      </span>
    </section>
  );
}
