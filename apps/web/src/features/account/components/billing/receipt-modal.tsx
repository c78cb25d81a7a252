import { PrinterOutlined } from '@ant-design/icons';
import { Button, Descriptions, Flex, Modal, Skeleton, theme } from 'antd';
import { formatCard, formatCents } from '../../../../lib/billing/format-money';
import { formatDateTime } from '../../../../lib/date-format';
import { useReceipt } from '../../api/get-receipt';
import { LoadError } from '../load-error';
import styles from './receipt.module.css';

/** One payment's receipt, printable. */
export function ReceiptModal({ paymentId, onClose }: { paymentId: string | null; onClose: () => void }) {
  const { token } = theme.useToken();
  const receipt = useReceipt(paymentId);
  const r = receipt.data;
  return (
    <Modal
      open={paymentId !== null}
      onCancel={onClose}
      title="Receipt"
      width={560}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Close</Button>
          <Button
            type="primary"
            icon={<PrinterOutlined aria-hidden />}
            disabled={!r}
            onClick={() => window.print()}
          >
            Print
          </Button>
        </Flex>
      }
    >
      {receipt.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : receipt.isError ? (
        <LoadError
          title="We couldn't load this receipt"
          error={receipt.error}
          onRetry={() => void receipt.refetch()}
        />
      ) : r ? (
        <div className={styles.receipt}>
          <Flex justify="space-between" align="flex-start" gap={12} style={{ marginBottom: 16 }}>
            <div>
              <div style={{ fontSize: 18, fontWeight: 700, color: token.colorTextHeading }}>Stratos</div>
              <div style={{ color: token.colorTextSecondary, fontSize: 13 }}>Receipt {r.receipt_number}</div>
            </div>
            <div style={{ textAlign: 'end' }}>
              <div style={{ fontSize: 24, fontWeight: 700, color: token.colorTextHeading }}>
                {formatCents(r.amount)}
              </div>
              <div style={{ color: token.colorSuccessText, fontSize: 13 }}>Paid {formatDateTime(r.date)}</div>
            </div>
          </Flex>
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              { key: 'desc', label: 'Description', children: r.description },
              { key: 'to', label: 'Billed to', children: `${r.customer.name} <${r.customer.email}>` },
              {
                key: 'card',
                label: 'Payment method',
                children: r.card ? formatCard(r.card) : r.provider === 'sandbox' ? 'Test card' : '—',
              },
              {
                key: 'amount',
                label: 'Amount',
                children: `${formatCents(r.amount)} ${r.currency.toUpperCase()}`,
              },
              { key: 'id', label: 'Payment ID', children: <code style={{ fontSize: 12 }}>{r.id}</code> },
            ]}
          />
          {r.provider === 'sandbox' && (
            <p style={{ margin: '12px 0 0', fontSize: 12, color: token.colorTextTertiary }}>
              Test mode: this payment used a test card and no money moved.
            </p>
          )}
        </div>
      ) : null}
    </Modal>
  );
}
