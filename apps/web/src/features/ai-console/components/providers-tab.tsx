import { ExperimentOutlined, ReloadOutlined } from '@ant-design/icons';
import type { AiProviderRecord } from '@stratos/contracts/ai/providers.schema';
import { Alert, App, Badge, Button, Card, Descriptions, Flex, Skeleton, Tag, Typography } from 'antd';
import { ProviderIcon } from '../../../lib/ai/provider-icon';
import { BADGE_STATUS, connectionBadge } from '../../../lib/ai/provider-status';
import { errorMessage } from '../../../lib/api-error';
import { useLearningStatus } from '../api/learning-status';
import { useConsoleProviders } from '../api/providers';
import { useTestProviders } from '../api/test-providers';
import { ms, when } from '../model/format';
import { Figure, grid } from './figure';
import { LoadError } from './load-error';
import { TabHeader } from './tab-frame';

function ProviderCard({ p }: { p: AiProviderRecord }) {
  const badge = connectionBadge(p.status);
  const models = p.availableModels.length > 0 ? p.availableModels : p.models;
  return (
    <Card size="small" data-testid={`provider-${p.id}`}>
      <Flex align="center" gap={10} style={{ marginBottom: 8 }}>
        <ProviderIcon icon={p.icon} />
        <Typography.Text strong style={{ flex: 1, minWidth: 0 }}>
          {p.name}
        </Typography.Text>
        <Badge status={BADGE_STATUS[badge]} text={badge} />
      </Flex>
      <Descriptions
        size="small"
        column={1}
        styles={{ label: { width: 110 } }}
        items={[
          {
            key: 'endpoint',
            label: 'Endpoint',
            children: <span style={{ overflowWrap: 'anywhere' }}>{p.endpoint ?? '—'}</span>,
          },
          {
            key: 'models',
            label: 'Models',
            children: models.length ? (
              <span style={{ overflowWrap: 'anywhere' }}>{models.join(', ')}</span>
            ) : (
              '—'
            ),
          },
          {
            key: 'caps',
            label: 'Capabilities',
            children: (
              <Flex wrap gap={4}>
                {p.capabilities.map((c) => (
                  <Tag key={c} style={{ marginInlineEnd: 0 }}>
                    {c}
                  </Tag>
                ))}
              </Flex>
            ),
          },
          { key: 'time', label: 'Last check', children: `${when(p.checkedAt)} (${ms(p.lastResponseTime)})` },
          ...(p.error
            ? [
                {
                  key: 'error',
                  label: 'Error',
                  children: <Typography.Text type="danger">{p.error}</Typography.Text>,
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

/** Providers: active and total, learning enabled, each provider's endpoint, models, capabilities and error. */
export function ProvidersTab() {
  const { message } = App.useApp();
  const providers = useConsoleProviders();
  const test = useTestProviders();
  const learning = useLearningStatus();

  const list = providers.data ?? [];
  const active = list.filter((p) => p.status === 'available').length;
  let learningText = 'Checking';
  if (learning.data)
    learningText = learning.data.killSwitch ? 'Disabled (kill switch)' : learning.data.enabled ? 'Yes' : 'No';
  else if (learning.isError) learningText = 'Unknown';

  return (
    <Flex vertical gap={16}>
      <TabHeader
        title="AI providers"
        actions={
          <>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void providers.refetch()}
              loading={providers.isFetching}
            >
              Refresh
            </Button>
            <Button
              type="primary"
              icon={<ExperimentOutlined />}
              loading={test.isPending}
              onClick={() =>
                test.mutate(undefined, {
                  onSuccess: (r) =>
                    message.success(
                      `${r.filter((p) => p.status === 'available').length} of ${r.length} providers answered`,
                    ),
                  onError: (err) => message.error(errorMessage(err)),
                })
              }
            >
              Test All Providers
            </Button>
          </>
        }
      >
        <div style={{ ...grid(140), marginTop: 16 }}>
          <Figure
            label="Active providers"
            value={providers.data ? active : '—'}
            note="Available at the last check"
          />
          <Figure label="Total providers" value={providers.data ? list.length : '—'} />
          <Figure
            label="Learning enabled"
            value={learningText}
            note={learning.isError ? errorMessage(learning.error) : undefined}
          />
        </div>
      </TabHeader>
      {providers.isError && providers.data && (
        <Alert
          type="error"
          showIcon
          title="The provider list did not refresh"
          description={errorMessage(providers.error)}
        />
      )}
      {providers.isError && !providers.data ? (
        <Card>
          <LoadError
            title="The providers did not load"
            error={providers.error}
            onRetry={() => void providers.refetch()}
          />
        </Card>
      ) : !providers.data ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <div style={grid(300)}>
          {list.map((p) => (
            <ProviderCard key={p.id} p={p} />
          ))}
        </div>
      )}
    </Flex>
  );
}
