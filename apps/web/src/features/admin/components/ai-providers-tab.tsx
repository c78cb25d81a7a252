import { SyncOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Skeleton, Typography } from 'antd';
import { errorMessage } from '../../../lib/api-error';
import { useCheckAllProviders, useProviderRecords, useProviderSettings } from '../api/ai-providers';
import { providerRows } from '../model/ai-provider-rows';
import { AiProviderCard } from './ai-provider-card';
import { QueryError } from './query-error';

/** Superadmin: the platform's AI provider settings (keys, base URLs, switches) and their live status. */
export function AiProvidersTab() {
  const { message } = App.useApp();
  const records = useProviderRecords();
  const settings = useProviderSettings();
  const check = useCheckAllProviders();
  const failed = records.isError ? records : settings.isError ? settings : null;

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} justify="space-between" align="center" wrap>
        <Typography.Paragraph type="secondary" style={{ margin: 0, flex: '1 1 280px' }}>
          Keys and base URLs are kept on the server, keys encrypted and shown masked. A user's own key wins
          over the platform key. Each provider is checked every 5 minutes.
        </Typography.Paragraph>
        <Button
          icon={<SyncOutlined spin={check.isPending} />}
          disabled={check.isPending}
          onClick={() =>
            check.mutate(undefined, {
              onSuccess: (list) => {
                const ok = list.filter((p) => p.status === 'available').length;
                void message.success(`Checked all providers: ${ok} of ${list.length} connected`);
              },
            })
          }
        >
          {check.isPending ? 'Checking…' : 'Check all now'}
        </Button>
      </Flex>
      {check.isError && <Alert type="error" showIcon title={`Check failed: ${errorMessage(check.error)}`} />}
      {failed && (
        <QueryError
          what="the AI providers"
          error={failed.error}
          onRetry={() => {
            void records.refetch();
            void settings.refetch();
          }}
        />
      )}
      {!failed && (records.isPending || settings.isPending) && (
        <div role="status" aria-busy="true" aria-label="Loading the AI providers">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} active avatar title paragraph={{ rows: 2 }} style={{ marginBottom: 16 }} />
          ))}
        </div>
      )}
      {records.data && settings.data && (
        <ul
          aria-label="AI providers"
          style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}
        >
          {providerRows(records.data, settings.data).map((row) => (
            <li key={row.record.id} aria-label={row.record.name}>
              <AiProviderCard row={row} />
            </li>
          ))}
        </ul>
      )}
    </Flex>
  );
}
