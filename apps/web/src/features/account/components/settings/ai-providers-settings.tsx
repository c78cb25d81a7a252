import { DesktopOutlined } from '@ant-design/icons';
import type { AiProviderRecord } from '@stratos/contracts/ai/providers.schema';
import { Badge, Card, Divider, Flex, Skeleton, Typography } from 'antd';
import { Fragment } from 'react';
import { LoadError } from '../load-error';
import { useAiProviderRecords, useAiUserKeys } from './ai-providers-api';
import { AiProviderKeyRow } from './ai-providers-key-row';
import { KEY_PROVIDERS } from './ai-providers-model';

function localBadge(record: AiProviderRecord | undefined) {
  if (record?.status === 'available') return { status: 'success' as const, text: 'Connected' };
  if (record?.status === 'error') return { status: 'error' as const, text: 'Connection Failed' };
  return { status: 'default' as const, text: 'Not Connected' };
}

function LocalModelCard({ record }: { record: AiProviderRecord | undefined }) {
  const badge = localBadge(record);
  return (
    <Card title="Local model">
      <Flex gap={14} align="flex-start" wrap>
        <DesktopOutlined aria-hidden style={{ fontSize: 22, marginTop: 2 }} />
        <div style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Flex gap={10} align="center" wrap>
            <Typography.Text strong>{record?.name ?? 'Ollama'}</Typography.Text>
            <Badge status={badge.status} text={badge.text} />
          </Flex>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 13 }}>
            Runs on Stratos's own servers, so it needs no key and your words never leave them.
            {record?.defaultModel ? ` Default model: ${record.defaultModel}.` : ''}
          </Typography.Paragraph>
          {record?.error && record.status !== 'available' && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {record.error}
            </Typography.Text>
          )}
        </div>
      </Flex>
    </Card>
  );
}

/** /settings?tab=ai-providers: the user's own provider keys, and the local model that needs none. */
export function AiProvidersSettings() {
  const providers = useAiProviderRecords();
  const keys = useAiUserKeys();
  const failed = providers.error ?? keys.error;
  if (failed) {
    return (
      <Card>
        <LoadError
          title="We couldn't load your AI providers"
          error={failed}
          onRetry={() => {
            void providers.refetch();
            void keys.refetch();
          }}
        />
      </Card>
    );
  }
  if (!providers.data || !keys.data) {
    return (
      <Card role="status" aria-busy="true" aria-label="Loading your AI providers">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  const records = new Map(providers.data.map((p) => [p.id, p]));
  const userKeys = new Map(keys.data.map((k) => [k.provider, k]));
  return (
    <Flex vertical gap={16}>
      <Card
        title="Your API keys"
        extra={<Typography.Text type="secondary">Used for your queries only</Typography.Text>}
        styles={{ body: { paddingTop: 4, paddingBottom: 4 } }}
      >
        {KEY_PROVIDERS.map((id, i) => (
          <Fragment key={id}>
            {i > 0 && <Divider style={{ margin: 0 }} />}
            <AiProviderKeyRow provider={id} record={records.get(id)} userKey={userKeys.get(id)} />
          </Fragment>
        ))}
      </Card>
      <LocalModelCard record={records.get('ollama')} />
    </Flex>
  );
}
