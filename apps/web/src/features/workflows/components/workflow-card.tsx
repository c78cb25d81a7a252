import {
  CaretRightOutlined,
  DeleteOutlined,
  HistoryOutlined,
  PauseOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { Workflow } from '@stratos/contracts/workflows/workflow.schema';
import { Button, Card, Descriptions, Flex, Popconfirm, Tag, Typography } from 'antd';
import { formatDateTime } from '../../../lib/date-format';
import { STATUS_COLOURS, stepLabel, successRateText } from '../model/workflow-view';

export interface WorkflowActions {
  onStart(w: Workflow): void;
  onStop(w: Workflow): void;
  onDelete(w: Workflow): void;
  onRun(w: Workflow): void;
  onHistory(w: Workflow): void;
  busy: string | null;
}

/** One workflow on the Overview: its fields (part 2 section 2) and actions. */
export function WorkflowCard({
  w,
  trigger,
  actions,
}: {
  w: Workflow;
  trigger: string;
  actions: WorkflowActions;
}) {
  const busy = actions.busy === w.id;
  return (
    <Card
      data-testid="workflow-card"
      title={
        <Flex gap={8} align="center" wrap style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis style={{ maxWidth: '100%' }}>
            {w.name}
          </Typography.Text>
          <Tag color={STATUS_COLOURS[w.status]}>{w.status}</Tag>
        </Flex>
      }
    >
      <Typography.Paragraph type={w.description ? undefined : 'secondary'} ellipsis={{ rows: 2 }}>
        {w.description || 'No description'}
      </Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'trigger', label: 'Trigger', children: trigger },
          {
            key: 'steps',
            label: 'Steps',
            children: w.steps.length === 0 ? 'None yet' : w.steps.map((s) => stepLabel(s.type)).join(' → '),
          },
          {
            key: 'rate',
            label: 'Success rate',
            children: `${successRateText(w)}${w.runs > 0 ? ` (${w.runs} run${w.runs === 1 ? '' : 's'})` : ''}`,
          },
          { key: 'last', label: 'Last run', children: w.lastRun ? formatDateTime(w.lastRun) : 'Never' },
          { key: 'created', label: 'Created', children: formatDateTime(w.created) },
        ]}
      />
      {/* Buttons wrap at phone width rather than squeezing into equal columns. */}
      <Flex gap={4} wrap style={{ marginTop: 12, marginInline: -8 }}>
        {[
          w.status !== 'running' ? (
            <Button
              key="start"
              type="link"
              icon={<CaretRightOutlined />}
              disabled={busy}
              onClick={() => actions.onStart(w)}
            >
              Start
            </Button>
          ) : null,
          <Button
            key="stop"
            type="link"
            icon={<PauseOutlined />}
            disabled={busy}
            onClick={() => actions.onStop(w)}
          >
            Stop
          </Button>,
          <Button
            key="run"
            type="link"
            icon={<ThunderboltOutlined />}
            disabled={busy}
            onClick={() => actions.onRun(w)}
          >
            Run now
          </Button>,
          <Button key="history" type="link" icon={<HistoryOutlined />} onClick={() => actions.onHistory(w)}>
            History
          </Button>,
          <Popconfirm
            key="delete"
            title="Are you sure you want to delete this workflow?"
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => actions.onDelete(w)}
          >
            <Button type="link" danger icon={<DeleteOutlined />} disabled={busy}>
              Delete
            </Button>
          </Popconfirm>,
        ]}
      </Flex>
    </Card>
  );
}
