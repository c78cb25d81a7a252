import { SyncOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Card, Skeleton, Typography } from 'antd';
import { ProviderIcon } from '../../../lib/ai/provider-icon';
import {
  BADGE_STATUS,
  connectionBadge,
  isSelectable,
  unavailableReason,
} from '../../../lib/ai/provider-status';
import { errorMessage } from '../../../lib/api-error';
import { formatRelative } from '../../../lib/date-format';
import { useAiProviders, useTestProviders } from '../api/providers';
import styles from './hub.module.css';
import { QueryError } from './query-error';

/** The live status of every provider, from GET /api/ai/providers, with a check-now button. */
export function ProviderStatusCard() {
  const providers = useAiProviders();
  const test = useTestProviders();
  const list = providers.data ?? [];
  const connected = list.filter(isSelectable).length;
  return (
    <Card
      title="Provider status"
      extra={
        <Button
          size="small"
          icon={<SyncOutlined spin={test.isPending} />}
          disabled={test.isPending}
          onClick={() => test.mutate()}
        >
          Refresh Connection Status
        </Button>
      }
    >
      {providers.isPending && <Skeleton active title={false} paragraph={{ rows: 5 }} />}
      {providers.isError && (
        <QueryError
          title={`Could not load the providers: ${errorMessage(providers.error)}`}
          onRetry={() => void providers.refetch()}
        />
      )}
      {test.isError && (
        <Alert type="error" showIcon title={errorMessage(test.error)} style={{ marginBottom: 12 }} />
      )}
      {providers.data && (
        <>
          <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
            {connected === 0
              ? 'No provider is connected: chat cannot answer until one is.'
              : `${connected} of ${list.length} providers connected.`}
          </Typography.Paragraph>
          <ul className={styles.providerList} aria-label="Providers">
            {list.map((p) => {
              const badge = connectionBadge(p.status);
              return (
                <li key={p.id} className={styles.providerRow}>
                  <ProviderIcon icon={p.icon} size={30} />
                  <span className={styles.providerName}>
                    <strong>{p.name}</strong>
                    <Typography.Text type="secondary" className={styles.small}>
                      {isSelectable(p)
                        ? `${p.availableModels.length || p.models.length} models${
                            p.lastResponseTime !== null ? ` · ${p.lastResponseTime} ms` : ''
                          }${p.checkedAt ? ` · checked ${formatRelative(p.checkedAt)}` : ''}`
                        : unavailableReason(p)}
                    </Typography.Text>
                  </span>
                  <Badge status={BADGE_STATUS[badge]} text={badge} className={styles.badge} />
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Card>
  );
}
