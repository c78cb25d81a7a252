import {
  CheckCircleTwoTone,
  CloseCircleTwoTone,
  CopyOutlined,
  EditOutlined,
  LoadingOutlined,
  RedoOutlined,
} from '@ant-design/icons';
import type { FolderItem } from '@stratos/contracts/files/file.schema';
import type { HistoryItem, Workflow } from '@stratos/contracts/workflows/workflow.schema';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Select,
  Skeleton,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/date-format';
import { useRetryRun } from '../api/retry-run';
import { useWorkflowHistory } from '../api/workflow-history';
import { durationText, STATUS_COLOURS, stepLabel, successRateText } from '../model/workflow-view';
import { WorkflowForm } from './workflow-form';

const RUN_COLOURS: Record<HistoryItem['status'], string> = {
  queued: 'default',
  running: 'processing',
  success: 'success',
  error: 'error',
};

function RunSteps({ run }: { run: HistoryItem }) {
  if (run.steps.length === 0)
    return <Typography.Text type="secondary">{run.error ?? 'No steps recorded yet.'}</Typography.Text>;
  return (
    // The table scrolls sideways at phone width; the steps wrap within the screen instead.
    <ol
      style={{
        margin: 0,
        paddingInlineStart: 20,
        whiteSpace: 'normal',
        maxWidth: 'min(760px, calc(100vw - 120px))',
      }}
    >
      {run.steps.map((s) => (
        <li key={s.index}>
          {s.status === 'success' ? (
            <CheckCircleTwoTone twoToneColor="#52c41a" />
          ) : s.status === 'started' ? (
            <LoadingOutlined aria-label="in progress" />
          ) : (
            <CloseCircleTwoTone twoToneColor="#ff4d4f" />
          )}{' '}
          <strong>{stepLabel(s.type)}</strong> — {s.message}{' '}
          <Typography.Text type="secondary">({s.durationMs} ms)</Typography.Text>
        </li>
      ))}
    </ol>
  );
}

/**
 * Details: the chosen workflow's configuration and its history (id, success, start, duration,
 * status); Edit opens the same form as Create, filled in. The history follows runs live.
 */
export function WorkflowDetails({
  workflows,
  selected,
  onSelect,
  describe,
  folders,
}: {
  workflows: Workflow[];
  selected: Workflow | null;
  onSelect: (id: string) => void;
  describe: (w: Workflow) => string;
  folders: FolderItem[];
}) {
  const { message } = App.useApp();
  const history = useWorkflowHistory(selected?.id ?? null, (selected?.activeRuns ?? 0) > 0);
  const retry = useRetryRun();
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = selected && editingId === selected.id ? selected : null;
  if (workflows.length === 0)
    return (
      <Card>
        <Empty description="No workflows yet: create one first." />
      </Card>
    );
  return (
    <Flex vertical gap={16}>
      <Select
        aria-label="Workflow"
        placeholder="Choose a workflow"
        value={selected?.id}
        onChange={(id: string) => {
          setEditingId(null);
          onSelect(id);
        }}
        options={workflows.map((w) => ({ value: w.id, label: w.name }))}
        style={{ maxWidth: 420, width: '100%' }}
      />
      {editing && (
        <div data-testid="workflow-edit">
          <WorkflowForm
            key={editing.id}
            folders={folders}
            editing={editing}
            onSaved={(w) => {
              message.success(`${w.name} was saved`);
              setEditingId(null);
            }}
            onCancel={() => setEditingId(null)}
          />
        </div>
      )}
      {selected && !editing && (
        <>
          <Card
            title={selected.name}
            extra={
              <Flex gap={8} align="center">
                <Tag color={STATUS_COLOURS[selected.status]}>{selected.status}</Tag>
                <Button size="small" icon={<EditOutlined />} onClick={() => setEditingId(selected.id)}>
                  Edit
                </Button>
              </Flex>
            }
          >
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'd', label: 'Description', children: selected.description || '—', span: 'filled' },
                { key: 't', label: 'Trigger', children: describe(selected) },
                { key: 'r', label: 'Success rate', children: successRateText(selected) },
                {
                  key: 's',
                  label: 'Steps',
                  children: selected.steps.map((s) => stepLabel(s.type)).join(' → ') || 'None',
                },
                {
                  key: 'l',
                  label: 'Last run',
                  children: selected.lastRun ? formatDateTime(selected.lastRun) : 'Never',
                },
                {
                  key: 'k',
                  label: 'Webhook signing secret',
                  children: (
                    <Typography.Text code copyable={{ icon: <CopyOutlined />, text: selected.signingSecret }}>
                      {`${selected.signingSecret.slice(0, 6)}…`}
                    </Typography.Text>
                  ),
                },
              ]}
            />
          </Card>
          <Card title="History">
            {history.isError && (
              <Alert
                type="error"
                showIcon
                title="Could not load the history"
                description={errorMessage(history.error)}
              />
            )}
            {history.isPending && !history.isError ? (
              <Skeleton active paragraph={{ rows: 3 }} />
            ) : (
              <Table<HistoryItem>
                data-testid="workflow-history"
                rowKey="id"
                size="small"
                pagination={false}
                scroll={{ x: 'max-content' }}
                dataSource={history.data ?? []}
                locale={{
                  emptyText: (
                    <Empty
                      image={Empty.PRESENTED_IMAGE_SIMPLE}
                      description="No runs yet. Start the workflow, or choose Run now."
                    />
                  ),
                }}
                expandable={{ expandedRowRender: (run) => <RunSteps run={run} /> }}
                // Status (with Retry) first: at phone width the table scrolls sideways.
                columns={[
                  {
                    title: 'Status',
                    dataIndex: 'status',
                    render: (s: HistoryItem['status'], r) => (
                      <Flex gap={4} align="center" wrap>
                        <Tag color={RUN_COLOURS[s]}>{s}</Tag>
                        <Typography.Text type="secondary">{r.trigger}</Typography.Text>
                        {s === 'error' && !r.retried && (
                          <Button
                            size="small"
                            icon={<RedoOutlined />}
                            loading={retry.isPending && retry.variables?.runId === r.id}
                            onClick={() =>
                              retry.mutate(
                                { workflowId: selected.id, runId: r.id },
                                { onError: (err) => message.error(errorMessage(err)) },
                              )
                            }
                          >
                            Retry
                          </Button>
                        )}
                      </Flex>
                    ),
                  },
                  {
                    title: 'Start time',
                    dataIndex: 'startTime',
                    render: (t: string | null) => (t ? formatDateTime(t) : 'Waiting'),
                  },
                  { title: 'Duration', dataIndex: 'duration', render: durationText },
                  {
                    title: 'Success',
                    dataIndex: 'success',
                    render: (ok: boolean, r) =>
                      r.status === 'queued' || r.status === 'running' ? '—' : ok ? 'Yes' : 'No',
                  },
                  {
                    title: 'Run',
                    dataIndex: 'id',
                    render: (id: string) => <Typography.Text code>{id.slice(0, 8)}</Typography.Text>,
                  },
                ]}
              />
            )}
          </Card>
        </>
      )}
    </Flex>
  );
}
