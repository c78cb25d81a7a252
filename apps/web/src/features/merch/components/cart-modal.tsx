import { DeleteOutlined, LoginOutlined, MailOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { MERCH_MESSAGES } from '@stratos/contracts/merch/products.schema';
import { Button, Empty, Flex, Modal, Typography } from 'antd';
import { formatUsd } from '../../../lib/billing/format-money';
import { LinkButton } from '../../../lib/link-button';
import { newIdempotencyKey } from '../../../lib/payments/idempotency-key';
import styles from '../merch.module.css';
import { MAX_QUANTITY, previewTotals } from '../model/cart';
import type { Cart } from '../model/use-cart';
import { OrderSummary } from './order-summary';

interface CartModalProps {
  cart: Cart;
  signedIn: boolean;
  onClose: () => void;
  /** Called with a fresh idempotency key: one checkout, one order. */
  onCheckout: (key: string) => void;
}

/** The cart: items, quantity plus and minus (0 removes), remove, and the previewed total. */
export default function CartModal({ cart, signedIn, onClose, onCheckout }: CartModalProps) {
  const items = cart.items;
  return (
    <Modal open onCancel={onClose} title="Your cart" footer={null} width={560}>
      {items.length === 0 ? (
        <Empty description={MERCH_MESSAGES.emptyCart} />
      ) : (
        <Flex vertical gap={16}>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Cart items">
            {items.map((i) => (
              <li key={i.id} style={{ padding: '10px 0', borderBottom: '1px solid rgba(128,128,128,0.18)' }}>
                <Flex gap={12} align="center">
                  <img src={i.image} alt="" width={64} height={64} loading="lazy" className={styles.thumb} />
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Typography.Text strong>{i.name}</Typography.Text>
                    <div>
                      <Typography.Text type="secondary">
                        {i.color} · {i.size} · {formatUsd(i.price)}
                      </Typography.Text>
                    </div>
                    <Flex gap={6} align="center" style={{ marginTop: 6 }}>
                      <Button
                        size="small"
                        icon={<MinusOutlined aria-hidden />}
                        aria-label={`One fewer ${i.name} (${i.color}, ${i.size})`}
                        onClick={() => cart.setQuantity(i.id, i.quantity - 1)}
                      />
                      <output
                        aria-label={`Quantity of ${i.name} (${i.color}, ${i.size})`}
                        style={{ minWidth: 24, textAlign: 'center' }}
                      >
                        {i.quantity}
                      </output>
                      <Button
                        size="small"
                        icon={<PlusOutlined aria-hidden />}
                        aria-label={`One more ${i.name} (${i.color}, ${i.size})`}
                        disabled={i.quantity >= MAX_QUANTITY}
                        onClick={() => cart.setQuantity(i.id, i.quantity + 1)}
                      />
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined aria-hidden />}
                        onClick={() => cart.remove(i.id)}
                        aria-label={`Remove ${i.name} (${i.color}, ${i.size})`}
                      >
                        Remove
                      </Button>
                    </Flex>
                  </div>
                  <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                    {formatUsd(i.price * i.quantity)}
                  </Typography.Text>
                </Flex>
              </li>
            ))}
          </ul>
          <OrderSummary
            totals={previewTotals(items)}
            note="Shipping is added separately: 5.99 flat. The final total is confirmed at checkout."
          />
          {signedIn ? (
            <Button type="primary" size="large" block onClick={() => onCheckout(newIdempotencyKey())}>
              Proceed to Checkout
            </Button>
          ) : (
            <Flex vertical gap={8}>
              <Typography.Text type="secondary">
                {MERCH_MESSAGES.orSignIn}. Your cart is kept.
              </Typography.Text>
              <Button
                type="primary"
                size="large"
                block
                icon={<MailOutlined aria-hidden />}
                onClick={() => onCheckout(newIdempotencyKey())}
              >
                Check out as a guest
              </Button>
              <LinkButton
                to="/login?redirect=%2Fmerch-store%3Fcart%3Dopen"
                size="large"
                block
                icon={<LoginOutlined aria-hidden />}
              >
                Sign in to check out
              </LinkButton>
            </Flex>
          )}
        </Flex>
      )}
    </Modal>
  );
}
