import { EyeOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { MerchProduct } from '@stratos/contracts/merch/products.schema';
import { theme } from 'antd';
import { formatUsd } from '../../../lib/billing/format-money';
import styles from '../merch.module.css';
import { StoreButton } from './store-button';

/** The colour and size "Add to cart" picks without asking: the first colour, M when offered. */
export function defaultOptions(p: MerchProduct) {
  return { color: p.colors[0] ?? 'Black', size: p.sizes.includes('M') ? 'M' : (p.sizes[0] ?? 'M') };
}

interface ProductCardProps {
  product: MerchProduct;
  onQuickView: (p: MerchProduct) => void;
  onAdd: (p: MerchProduct) => void;
}

/** One product in a grid: its picture (lazy, sized to its square slot), name, price and actions. */
export function ProductCard({ product, onQuickView, onAdd }: ProductCardProps) {
  const { token } = theme.useToken();
  const hasChoice = product.colors.length > 1 || product.sizes.length > 1;
  const chip = { background: token.colorFillTertiary, color: token.colorText };
  return (
    <article
      className={styles.card}
      style={{ background: token.colorBgContainer, border: `1px solid ${token.colorBorderSecondary}` }}
      data-testid={`product-${product.id}`}
      aria-label={product.name}
    >
      <button
        type="button"
        onClick={() => onQuickView(product)}
        aria-label={`Quick view: ${product.name}`}
        className={styles.imageButton}
      >
        <img
          src={product.image}
          alt={`${product.name} in ${product.colors[0] ?? ''}`.trim()}
          width={400}
          height={400}
          loading="lazy"
          decoding="async"
          className={styles.imageSlot}
        />
      </button>
      <div className={styles.cardBody}>
        <div className={styles.cardTitleRow}>
          <h3 style={{ fontSize: 16, margin: 0, fontWeight: 600, color: token.colorTextHeading }}>
            {product.name}
          </h3>
          <span style={{ fontWeight: 600, fontSize: 16, color: token.colorText, whiteSpace: 'nowrap' }}>
            {formatUsd(product.price)}
          </span>
        </div>
        <div className={styles.chips}>
          <span className={styles.chip} style={chip}>
            {product.category}
          </span>
          {!product.inStock && (
            <span
              className={styles.chip}
              style={{ background: token.colorErrorBg, color: token.colorErrorText }}
            >
              Out of stock
            </span>
          )}
          {product.inStock && product.stock <= 5 && (
            <span className={styles.chip} style={chip}>
              Only {product.stock} left
            </span>
          )}
        </div>
        <div className={styles.actions}>
          <StoreButton
            variant="primary"
            icon={<ShoppingCartOutlined />}
            disabled={!product.inStock}
            onClick={() => (hasChoice ? onQuickView(product) : onAdd(product))}
            aria-label={`Add ${product.name} to cart`}
            style={{ flex: '1 1 auto' }}
          >
            Add
          </StoreButton>
          <StoreButton
            icon={<EyeOutlined />}
            onClick={() => onQuickView(product)}
            aria-label={`Quick view ${product.name}`}
            title="Quick view"
            style={{ padding: '0 10px' }}
          />
        </div>
      </div>
    </article>
  );
}
