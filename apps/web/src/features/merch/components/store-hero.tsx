import { ShoppingCartOutlined } from '@ant-design/icons';
import { Badge, Button, Typography } from 'antd';
import styles from '../merch.module.css';

/** The store's banner with the cart button and its item count. */
export function StoreHero({ count, onOpenCart }: { count: number; onOpenCart: () => void }) {
  return (
    <section className={styles.hero} aria-labelledby="merch-title">
      <div>
        <Typography.Title
          level={1}
          id="merch-title"
          style={{
            color: '#fff',
            margin: '0 0 8px',
            fontSize: 'clamp(26px, 4vw, 38px)',
            letterSpacing: '-0.01em',
          }}
        >
          Stratos Merch Store
        </Typography.Title>
        <p className={styles.heroLead}>
          Apparel, accessories and desk gear for people who keep their files in the cloud. Every order ships
          in 7 days for a flat 5.99.
        </p>
      </div>
      <Badge count={count} overflowCount={99} showZero={false} color="#fa541c">
        <Button
          size="large"
          icon={<ShoppingCartOutlined aria-hidden />}
          onClick={onOpenCart}
          aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
          data-testid="cart-button"
        >
          Cart ({count})
        </Button>
      </Badge>
    </section>
  );
}
