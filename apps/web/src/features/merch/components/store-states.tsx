import { ReloadOutlined } from '@ant-design/icons';
import { MERCH_MESSAGES } from '@stratos/contracts/merch/products.schema';
import { Button, Card, Result, Skeleton } from 'antd';
import styles from '../merch.module.css';

export function StoreLoading() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading merchandise">
      <Skeleton.Node active style={{ width: '100%', height: 160, marginBottom: 32 }} />
      <div className={styles.grid}>
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Card key={i} cover={<Skeleton.Image active style={{ width: '100%', height: 200 }} />}>
            <Skeleton active paragraph={{ rows: 1 }} />
          </Card>
        ))}
      </div>
    </div>
  );
}

export function StoreError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Result
      status="error"
      title={MERCH_MESSAGES.loadFailed}
      extra={
        <Button type="primary" icon={<ReloadOutlined aria-hidden />} loading={retrying} onClick={onRetry}>
          Try Again
        </Button>
      }
    />
  );
}
