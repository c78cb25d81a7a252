import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloudServerOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  SyncOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { SEED_MESSAGES, type SeedProgress, seedProgressSchema } from '@stratos/contracts/ai/seeding.schema';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Progress, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { consoleKeys } from '../api/console-keys';
import { useProgressStream } from '../api/progress-stream';
import { useSeedCategories } from '../api/seed-categories';
import { useSeedCheck } from '../api/seed-check';
import { useClearSeed } from '../api/seed-clear';
import { useRealSeed } from '../api/seed-real';
import { useSmartSeed } from '../api/seed-smart';
import { count, ms, tableLabel } from '../model/format';
import { SEED_TARGET_TOTAL, type TableState, tablePlan } from '../model/seed-plan';
import { Figure, grid } from './figure';
import { LoadError } from './load-error';
import { BusyTag, TabHeader } from './tab-frame';

const STATE_TAG: Record<TableState, { color: string; icon: React.ReactNode }> = {
  Seeded: { color: 'success', icon: <CheckCircleOutlined /> },
  Seeding: { color: 'processing', icon: <SyncOutlined spin /> },
  Pending: { color: 'default', icon: <ClockCircleOutlined /> },
};

type Outcome = { kind: 'ok'; text: string } | { kind: 'error'; title: string; detail: string } | null;

/** The failure of a seeding call: the specification's message, with the server's reason when it differs. */
function failure(title: string, err: unknown): Outcome {
  const detail = errorMessage(err);
  return { kind: 'error', title, detail: detail === title ? '' : detail };
}

/** Database Seeding (part 2 section 2): the existing seeding API with its live progress stream. */
export function SeedingTab() {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const check = useSeedCheck();
  const categories = useSeedCategories();
  const smart = useSmartSeed();
  const real = useRealSeed();
  const clear = useClearSeed();
  const [progress, setProgress] = useState<SeedProgress | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const asking = smart.isPending || real.isPending || clear.isPending;

  useProgressStream(
    '/ai/seed/progress',
    seedProgressSchema,
    {
      onProgress: setProgress,
      onDone: () => {
        setProgress(null);
        void queryClient.invalidateQueries({ queryKey: consoleKeys.seedCheck });
      },
    },
    asking,
  );

  const inProgress = Boolean(progress?.isSeeding) || asking;
  const plan = tablePlan(check.data, progress);
  const seeded = progress?.isSeeding ? progress.recordsCreated : (check.data?.totalRecords ?? null);
  const barPercent = progress?.isSeeding
    ? (progress.recordsProcessed / Math.max(1, progress.totalRecords)) * 100
    : ((check.data?.totalRecords ?? 0) / SEED_TARGET_TOTAL) * 100;

  const onSmart = () => {
    setOutcome(null);
    smart.mutate(undefined, {
      onSuccess: (r) =>
        setOutcome({
          kind: 'ok',
          text: `Smart seed finished: ${count(r.totalInserted)} new records, ${count(r.totalSkipped)} already present (${ms(r.duration)}, ${count(r.recordsPerSecond)} records/s).`,
        }),
      onError: (err) => setOutcome(failure(SEED_MESSAGES.smartFailed, err)),
    });
  };
  const onReal = () => {
    setOutcome(null);
    real.mutate(undefined, {
      onSuccess: (r) =>
        setOutcome({
          kind: 'ok',
          text: `Backend seed finished: ${count(r.totalRecords)} records present (${ms(r.duration)}, ${count(r.recordsPerSecond)} records/s).`,
        }),
      onError: (err) => setOutcome(failure(SEED_MESSAGES.realFailed, err)),
    });
  };
  const onCheck = () => {
    setOutcome(null);
    void check.refetch().then((r) => {
      if (r.error) setOutcome(failure(SEED_MESSAGES.checkFailed, r.error));
      else if (r.data)
        setOutcome({
          kind: 'ok',
          text: `The database holds ${count(r.data.totalRecords)} records in ${r.data.tablesWithData} of ${r.data.totalTables} tables.`,
        });
    });
  };
  const onClear = () =>
    modal.confirm({
      title: 'Clear the AI database?',
      content:
        'This deletes every record of the eight AI tables: knowledge, interactions, improvements, connections, embeddings, expertise, patterns and metrics. It cannot be undone.',
      okText: 'Delete all AI data',
      okButtonProps: { danger: true },
      onOk: () => {
        setOutcome(null);
        clear.mutate(undefined, {
          onSuccess: (r) =>
            setOutcome({
              kind: 'ok',
              text: `Cleared ${count(r.totalDeleted)} records from ${r.clearedTables.length} tables.`,
            }),
          onError: (err) => setOutcome(failure(SEED_MESSAGES.clearFailed, err)),
        });
      },
    });

  return (
    <Flex vertical gap={16}>
      <TabHeader
        title="Database seeding"
        tags={<BusyTag busy={inProgress} busyText="In Progress" idleText="Ready" testId="seed-status" />}
        actions={
          <>
            <Button
              type="primary"
              icon={<ThunderboltOutlined />}
              onClick={onSmart}
              loading={smart.isPending}
              disabled={inProgress}
            >
              Smart Seed
            </Button>
            <Button
              icon={<CloudServerOutlined />}
              onClick={onReal}
              loading={real.isPending}
              disabled={inProgress}
            >
              Real Backend Seed
            </Button>
            <Button icon={<DatabaseOutlined />} onClick={onCheck} loading={check.isFetching && !inProgress}>
              Check Real Database
            </Button>
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={onClear}
              loading={clear.isPending}
              disabled={inProgress}
            >
              Clear
            </Button>
          </>
        }
      >
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          Smart Seed adds only the records not yet present (deduplicated); Real Backend Seed makes sure the
          whole generated set is stored; both fill the eight AI tables from a fixed seed.
        </Typography.Paragraph>
      </TabHeader>

      {outcome?.kind === 'error' && (
        <Alert
          type="error"
          showIcon
          title={outcome.title}
          description={outcome.detail || undefined}
          closable
        />
      )}
      {outcome?.kind === 'ok' && <Alert type="success" showIcon title={outcome.text} closable />}

      <Card title="Progress">
        <div style={grid(140)}>
          <Figure
            label="Current table"
            value={
              progress?.currentTable ? tableLabel(progress.currentTable) : inProgress ? 'Starting' : 'None'
            }
            note={progress?.isSeeding ? progress.currentOperation : 'Idle'}
          />
          <Figure
            label="Tables completed"
            value={`${progress?.isSeeding ? progress.tablesCompleted : plan.filter((p) => p.state === 'Seeded').length} of 8`}
          />
          <Figure
            label="Total records seeded"
            value={count(seeded)}
            note={progress?.isSeeding ? `${count(progress.recordsPerSecond)} records/s` : 'Stored now'}
          />
          <Figure label="Target records" value={count(SEED_TARGET_TOTAL)} note="A full seed" />
        </div>
        <Progress
          percent={Math.min(100, Math.round(barPercent * 10) / 10)}
          status={progress?.isSeeding ? 'active' : 'normal'}
          style={{ marginTop: 16, marginBottom: 0 }}
          aria-label="Seeding progress"
        />
      </Card>

      <Card title="Per-table plan">
        {check.isError && !check.data ? (
          <LoadError
            title={SEED_MESSAGES.checkFailed}
            error={check.error}
            onRetry={() => void check.refetch()}
          />
        ) : check.isPending ? (
          <Skeleton active />
        ) : (
          <div style={grid(200)}>
            {plan.map((p) => (
              <Card key={p.table} size="small" data-testid={`seed-table-${p.table}`}>
                <Flex justify="space-between" align="center" gap={8}>
                  <Typography.Text strong>{tableLabel(p.table)}</Typography.Text>
                  <Tag
                    color={STATE_TAG[p.state].color}
                    icon={STATE_TAG[p.state].icon}
                    style={{ marginInlineEnd: 0 }}
                  >
                    {p.state}
                  </Tag>
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {count(p.stored)} of {count(p.target)} records
                </Typography.Text>
              </Card>
            ))}
          </div>
        )}
      </Card>

      <Card
        title={
          categories.data ? `${categories.data.totalCategories} knowledge categories` : 'Knowledge categories'
        }
      >
        {categories.isError ? (
          <LoadError
            title="The categories did not load"
            error={categories.error}
            onRetry={() => void categories.refetch()}
          />
        ) : !categories.data ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : (
          <Flex vertical gap={12}>
            <div>
              <Typography.Text type="secondary">Domains ({categories.data.domains.length})</Typography.Text>
              <Flex wrap gap={6} style={{ marginTop: 6 }}>
                {categories.data.domains.map((d) => (
                  <Tag key={d.domain} color="blue" title={d.topics.join(', ')} style={{ marginInlineEnd: 0 }}>
                    {d.label}
                  </Tag>
                ))}
              </Flex>
            </div>
            <div>
              <Typography.Text type="secondary">Facets ({categories.data.facets.length})</Typography.Text>
              <Flex wrap gap={6} style={{ marginTop: 6 }}>
                {categories.data.facets.map((f) => (
                  <Tag key={f} style={{ marginInlineEnd: 0 }}>
                    {f}
                  </Tag>
                ))}
              </Flex>
            </div>
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
