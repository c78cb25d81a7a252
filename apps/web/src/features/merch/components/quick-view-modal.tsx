import { ShoppingCartOutlined } from '@ant-design/icons';
import type { MerchProduct } from '@stratos/contracts/merch/products.schema';
import { Button, Flex, InputNumber, Modal, Radio, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatUsd } from '../../../lib/billing/format-money';
import styles from '../merch.module.css';
import { MAX_QUANTITY } from '../model/cart';
import { defaultOptions } from './product-card';

interface QuickViewModalProps {
  product: MerchProduct;
  onClose: () => void;
  onAdd: (p: MerchProduct, color: string, size: string, quantity: number) => void;
}

/** A product up close: its picture in the chosen colour, colour and size choice, quantity. */
export default function QuickViewModal({ product, onClose, onAdd }: QuickViewModalProps) {
  const initial = defaultOptions(product);
  const [color, setColor] = useState(initial.color);
  const [size, setSize] = useState(initial.size);
  const [quantity, setQuantity] = useState(1);
  const max = Math.max(1, Math.min(MAX_QUANTITY, product.stock));
  return (
    <Modal open onCancel={onClose} footer={null} width={760} title={product.name} destroyOnHidden>
      <div className={styles.quickBody}>
        <img
          src={product.images[color] ?? product.image}
          alt={`${product.name} in ${color}`}
          width={400}
          height={400}
          className={styles.quickImage}
        />
        <div>
          <Typography.Text strong style={{ fontSize: 22 }}>
            {formatUsd(product.price)}
          </Typography.Text>
          <Flex gap={4} wrap style={{ margin: '8px 0' }}>
            <Tag>{product.category}</Tag>
            <Tag>SKU {product.sku}</Tag>
            {product.inStock ? <Tag>{product.stock} in stock</Tag> : <Tag color="red">Out of stock</Tag>}
          </Flex>
          <Typography.Paragraph>{product.description}</Typography.Paragraph>
          <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
            <legend style={{ fontWeight: 600, marginBottom: 8, fontSize: 14 }}>Colour: {color}</legend>
            <Radio.Group
              value={color}
              onChange={(e) => setColor(e.target.value)}
              optionType="button"
              options={product.colors.map((c) => ({ label: c, value: c }))}
            />
          </fieldset>
          <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
            <legend style={{ fontWeight: 600, marginBottom: 8, fontSize: 14 }}>Size: {size}</legend>
            <Radio.Group
              value={size}
              onChange={(e) => setSize(e.target.value)}
              optionType="button"
              options={product.sizes.map((s) => ({ label: s, value: s }))}
            />
          </fieldset>
          <Flex gap={12} align="center" wrap>
            <label htmlFor="quick-view-quantity" style={{ fontWeight: 600 }}>
              Quantity
            </label>
            <InputNumber
              id="quick-view-quantity"
              min={1}
              max={max}
              value={quantity}
              onChange={(v) => setQuantity(Math.max(1, Math.min(max, Math.floor(Number(v) || 1))))}
              style={{ width: 88 }}
            />
            <Button
              type="primary"
              size="large"
              icon={<ShoppingCartOutlined aria-hidden />}
              disabled={!product.inStock}
              onClick={() => {
                onAdd(product, color, size, quantity);
                onClose();
              }}
            >
              Add to cart
            </Button>
          </Flex>
        </div>
      </div>
    </Modal>
  );
}
