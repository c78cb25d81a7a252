import {
  CheckOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  RollbackOutlined,
  SyncOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import {
  LEARNING_STEPS,
  type LearningImprovement,
  type LearningProgress,
  type LearningStatus,
  learningProgressSchema,
} from '@stratos/contracts/ai/learning.schema';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  List,
  Progress,
  Skeleton,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { errorMessage } from '../../../lib/api-error';
import { useApplyImprovement } from '../api/apply-improvement';
import { consoleKeys } from '../api/console-keys';
import { useImprovements } from '../api/improvements';
import { useLearningStatus } from '../api/learning-status';
import { useLearningSwitch } from '../api/learning-switches';
import { useProgressStream } from '../api/progress-stream';
import { useRunCycle } from '../api/run-cycle';
import { count, ms, percent, when, words } from '../model/format';
import { queueLine } from '../model/learning-queue';
import { Figure, grid } from './figure';
import { LoadError } from './load-error';
import { notLoaded, TabHeader } from './tab-frame';

/** Improvements the console lists (section 9: recent improvements 10). */
export const IMPROVEMENTS_SHOWN = 10;

const PRIORITY_COLOR: Record<LearningImprovement['priority'], string> = {
  High: 'red',
  Medium: 'orange',
  Low: 'blue',
};

/** Follows the learning cycle stream and keeps the status query's progress current. */
export function useCycleProgress(eager: boolean) {
  const queryClient = useQueryClient();
  const put = (p: LearningProgress) =>
    queryClient.setQueryData<LearningStatus>(consoleKeys.learningStatus, (old) =>
      old ? { ...old, running: p.isRunning, progress: p } : old,
    );
  useProgressStream(
    '/ai/learning/progress',
    learningProgressSchema,
    {
      onProgress: put,
      onDone: (p) => {
        put(p);
        void queryClient.invalidateQueries({ queryKey: ['ai-console', 'learning'] });
      },
    },
    eager,
  );
}

function CycleProgress({ p }: { p: LearningProgress }) {
  return (
    <Flex vertical gap={8} data-testid="cycle-progress">
      <Typography.Text>
        {p.isRunning ? `Step ${Math.min(p.stepsCompleted + 1, p.totalSteps)} of ${p.totalSteps}: ` : ''}
        {p.currentOperation}
      </Typography.Text>
      <Progress
        percent={Math.round((p.stepsCompleted / Math.max(1, p.totalSteps)) * 100)}
        status={p.isRunning ? 'active' : p.status === 'failed' ? 'exception' : 'success'}
        aria-label="Learning cycle progress"
      />
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {count(p.interactionsRead)} interactions read, {p.analysed} of {p.toAnalyse} analysed by the model,{' '}
        {p.improvementsStored} improvements stored
      </Typography.Text>
    </Flex>
  );
}

function Improvements() {
  const { message } = App.useApp();
  const list = useImprovements();
  const apply = useApplyImprovement();
  if (list.isError)
    return (
      <LoadError
        title="The improvements did not load"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  if (!list.data) return <Skeleton active />;
  const shown = list.data.slice(0, IMPROVEMENTS_SHOWN);
  if (shown.length === 0)
    return <Empty description="No improvement suggestions yet. Run a learning cycle to make some." />;
  return (
    <List
      dataSource={shown}
      renderItem={(i) => (
        <List.Item
          data-testid="improvement"
          data-improvement-id={i.id}
          actions={[
            i.active ? (
              <Button
                key="revert"
                size="small"
                icon={<RollbackOutlined />}
                loading={apply.isPending && apply.variables?.id === i.id}
                onClick={() =>
                  apply.mutate(
                    { id: i.id, revert: true },
                    { onError: (err) => message.error(errorMessage(err)) },
                  )
                }
              >
                Revert
              </Button>
            ) : (
              <Button
                key="apply"
                size="small"
                type="primary"
                icon={<CheckOutlined />}
                loading={apply.isPending && apply.variables?.id === i.id}
                onClick={() =>
                  apply.mutate(
                    { id: i.id },
                    {
                      onSuccess: () =>
                        message.success('Improvement applied: the assistant uses it from the next reply.'),
                      onError: (err) => message.error(errorMessage(err)),
                    },
                  )
                }
              >
                Apply
              </Button>
            ),
          ]}
        >
          <List.Item.Meta
            title={
              <Flex wrap gap={6} align="center">
                <Tag color={PRIORITY_COLOR[i.priority]} style={{ marginInlineEnd: 0 }}>
                  {i.priority}
                </Tag>
                <Tag style={{ marginInlineEnd: 0 }}>{words(i.category)}</Tag>
                {i.domain && <Tag style={{ marginInlineEnd: 0 }}>{i.domain}</Tag>}
                {i.active && (
                  <Tag color="success" style={{ marginInlineEnd: 0 }}>
                    Applied {when(i.appliedAt)}
                  </Tag>
                )}
              </Flex>
            }
            description={
              <>
                <Typography.Paragraph style={{ margin: 0 }}>{i.description}</Typography.Paragraph>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Impact {i.impactScore.toFixed(2)} · {words(i.implementationStatus)} · suggested{' '}
                  {when(i.createdAt)}
                  {i.source ? ` · from ${i.source}` : ''}
                </Typography.Text>
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}

/** Learning: on/off, the kill switch, cycles on demand with live progress, improvements, metrics. */
export function LearningTab() {
  const { message } = App.useApp();
  const status = useLearningStatus();
  const toggle = useLearningSwitch();
  const cycle = useRunCycle();
  useCycleProgress(cycle.isPending);

  const pending = notLoaded(status, Boolean(status.data), 'The learning service did not answer');
  if (pending || !status.data) return pending;
  const s = status.data;
  const m = s.metrics;
  const fail = (err: unknown) => message.error(errorMessage(err));

  return (
    <Flex vertical gap={16}>
      <TabHeader
        title="Active learning"
        tags={
          <>
            <Tag
              color={s.killSwitch ? 'error' : s.enabled ? 'success' : 'default'}
              data-testid="learning-state"
            >
              {s.killSwitch ? 'Disabled' : s.enabled ? 'On' : 'Off'}
            </Tag>
            {s.running && (
              <Tag color="processing" icon={<SyncOutlined spin />}>
                Cycle running
              </Tag>
            )}
          </>
        }
        actions={
          <>
            {s.enabled ? (
              <Button
                icon={<PauseCircleOutlined />}
                loading={toggle.isPending}
                onClick={() => toggle.mutate({ kind: 'stop' }, { onError: fail })}
              >
                Stop learning
              </Button>
            ) : (
              <Button
                icon={<PlayCircleOutlined />}
                loading={toggle.isPending}
                disabled={s.killSwitch}
                onClick={() => toggle.mutate({ kind: 'start' }, { onError: fail })}
              >
                Start learning
              </Button>
            )}
            <Button
              type="primary"
              icon={<ThunderboltOutlined />}
              loading={cycle.isPending}
              disabled={s.killSwitch || s.running}
              onClick={() =>
                cycle.mutate(undefined, {
                  onSuccess: (c) =>
                    message.success(
                      `Cycle finished: ${c.interactionsRead} interactions read, ${c.improvementsStored} improvements stored.`,
                    ),
                  onError: fail,
                })
              }
            >
              Run learning cycle
            </Button>
          </>
        }
      >
        <Flex align="center" gap={8} style={{ marginTop: 12 }}>
          <Switch
            checked={s.killSwitch}
            loading={toggle.isPending}
            onChange={(disabled) => toggle.mutate({ kind: 'killSwitch', disabled }, { onError: fail })}
            aria-label="Kill switch"
          />
          <Typography.Text>
            Kill switch: {s.killSwitch ? 'learning is disabled for everyone' : 'off'}
          </Typography.Text>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {s.enabled && s.nextCycleAt
            ? `The next scheduled cycle runs at ${when(s.nextCycleAt)} (every ${Math.round(s.intervalMs / 60000)} minutes).`
            : 'Learning is off: cycles run only when you ask for one.'}{' '}
          A cycle reads the last hour of interactions, processes new feedback, asks the local model about a
          few replies and stores improvement suggestions.
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }} data-testid="learning-queue">
          {queueLine(s.queue)} Each interaction is learned from 1 s after it is asked, while learning is on.
        </Typography.Paragraph>
      </TabHeader>

      {s.killSwitch && <Alert type="warning" showIcon title="AI learning is currently disabled" />}

      <Card title="Learning cycle">
        {s.progress ? (
          <CycleProgress p={s.progress} />
        ) : s.lastCycle ? (
          <Flex vertical gap={4}>
            <Typography.Text>
              Last cycle {when(s.lastCycle.startedAt)} ({s.lastCycle.trigger}): {s.lastCycle.status},{' '}
              {ms(s.lastCycle.durationMs)}
            </Typography.Text>
            <Typography.Text type="secondary">
              {count(s.lastCycle.interactionsRead)} interactions read, {s.lastCycle.interactionsAnalysed}{' '}
              analysed, feedback {s.lastCycle.feedback.processed} processed, {s.lastCycle.improvementsStored}{' '}
              improvements and {s.lastCycle.knowledgeItemsCreated} knowledge items stored.
            </Typography.Text>
            {s.lastCycle.modelError && <Alert type="warning" showIcon title={s.lastCycle.modelError} />}
          </Flex>
        ) : (
          <Typography.Text type="secondary">
            No learning cycle has run yet. The steps are {LEARNING_STEPS.join(', ')}.
          </Typography.Text>
        )}
      </Card>

      <Card title={`Metrics (last ${m.windowHours} hours)`}>
        <div style={grid(140)}>
          <Figure label="Accuracy" value={percent(m.accuracy)} note="Helpful of rated replies" />
          <Figure label="Response time" value={ms(m.responseTime)} note="Mean" />
          <Figure label="User satisfaction" value={percent(m.userSatisfaction)} />
          <Figure label="Learning rate" value={m.learningRate === null ? '—' : m.learningRate.toFixed(3)} />
          <Figure label="Error rate" value={percent(m.errorRate)} />
          <Figure label="Interactions" value={count(m.interactions)} note={`${count(m.rated)} rated`} />
        </div>
      </Card>

      <Card title={`Improvement suggestions (latest ${IMPROVEMENTS_SHOWN})`}>
        <Improvements />
      </Card>
    </Flex>
  );
}
