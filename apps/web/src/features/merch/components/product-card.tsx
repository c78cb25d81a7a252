import { EyeOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { MerchProduct } from '@stratos/contracts/merch/products.schema';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { formatUsd } from '../../../lib/billing/format-money';
import styles from '../merch.module.css';

/** The colour and size "Add to cart" picks without asking: the first colour, M when offered. */
export function defaultOptions(p: MerchProduct) {
  return { color: p.colors[0] ?? 'Black', size: p.sizes.includes('M') ? 'M' : (p.sizes[0] ?? 'M') };
}

interface ProductCardProps {
  product: MerchProduct;
  onQuickView: (p: MerchProduct) => void;
  onAdd: (p: MerchProduct) => void;
  /** Headings level: featured cards sit under an h2 as the grid's do. */
  headingLevel?: 3 | 4;
}

/** One product in a grid: its picture (lazy, sized to its square slot), name, price and actions. */
export function ProductCard({ product, onQuickView, onAdd, headingLevel = 3 }: ProductCardProps) {
  const sizedWithChoice = product.colors.length > 1 || product.sizes.length > 1;
  return (
    <Card
      hoverable
      styles={{ body: { padding: 16 } }}
      cover={
        <button
          type="button"
          onClick={() => onQuickView(product)}
          aria-label={`Quick view: ${product.name}`}
          style={{ padding: 0, border: 0, background: 'none', cursor: 'pointer' }}
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
      }
      data-testid={`product-${product.id}`}
    >
      <Flex justify="space-between" align="flex-start" gap={8}>
        <Typography.Title level={headingLevel} style={{ fontSize: 16, margin: 0 }}>
          {product.name}
        </Typography.Title>
        <Typography.Text strong style={{ fontSize: 16, whiteSpace: 'nowrap' }}>
          {formatUsd(product.price)}
        </Typography.Text>
      </Flex>
      <Flex gap={4} wrap style={{ margin: '8px 0 12px' }}>
        <Tag>{product.category}</Tag>
        {!product.inStock && <Tag color="red">Out of stock</Tag>}
        {product.inStock && product.stock <= 5 && <Tag>Only {product.stock} left</Tag>}
      </Flex>
      <Flex gap={8} wrap>
        <Button
          type="primary"
          icon={<ShoppingCartOutlined aria-hidden />}
          disabled={!product.inStock}
          onClick={() => (sizedWithChoice ? onQuickView(product) : onAdd(product))}
          aria-label={`Add ${product.name} to cart`}
          style={{ flex: '1 1 auto' }}
        >
          Add
        </Button>
        <Button
          icon={<EyeOutlined aria-hidden />}
          onClick={() => onQuickView(product)}
          aria-label={`Quick view ${product.name}`}
          title="Quick view"
        />
      </Flex>
    </Card>
  );
}
