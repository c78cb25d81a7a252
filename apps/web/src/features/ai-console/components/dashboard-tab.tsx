import { Alert, Card, Flex, Skeleton, Typography } from 'antd';
import { errorMessage } from '../../../lib/api-error';
import { useExtractionStatus } from '../api/extraction-status';
import { useLearningStatus } from '../api/learning-status';
import { useConsoleProviders } from '../api/providers';
import { useSeedCheck } from '../api/seed-check';
import { count, ms, percent, when } from '../model/format';
import { SEED_TARGET_TOTAL } from '../model/seed-plan';
import { ManualFeedback } from './chat-tab';
import { Figure, grid } from './figure';

/** Dashboard: the state of each part of the AI system at a glance, from the same calls as the tabs. */
export function DashboardTab() {
  const check = useSeedCheck();
  const extraction = useExtractionStatus();
  const learning = useLearningStatus();
  const providers = useConsoleProviders();
  const l = learning.data;
  const active = providers.data?.filter((p) => p.status === 'available').length;
  // A figure still on its way shows a placeholder, not a dash (a dash means nothing was measured).
  const loading = <Skeleton.Input active size="small" />;
  const or = (pending: boolean, value: React.ReactNode) => (pending ? loading : value);
  return (
    <Flex vertical gap={16}>
      <Card title="AI system">
        <div style={grid(140)}>
          <Figure
            label="AI records stored"
            value={or(check.isPending, count(check.data?.totalRecords))}
            note={check.isError ? errorMessage(check.error) : `Target ${count(SEED_TARGET_TOTAL)}`}
          />
          <Figure
            label="Extracted knowledge"
            value={or(extraction.isPending, count(extraction.data?.extractedItems))}
            note={extraction.data?.isExtracting ? 'Extraction running' : 'Extraction idle'}
          />
          <Figure
            label="Providers active"
            value={or(providers.isPending, providers.data ? `${active} of ${providers.data.length}` : '—')}
          />
          <Figure
            label="Learning"
            value={or(learning.isPending, l ? (l.killSwitch ? 'Disabled' : l.enabled ? 'On' : 'Off') : '—')}
            note={l?.lastCycle ? `Last cycle ${when(l.lastCycle.startedAt)}` : 'No cycle yet'}
          />
        </div>
      </Card>
      {learning.isError && (
        <Alert
          type="warning"
          showIcon
          title="The learning service did not answer"
          description={errorMessage(learning.error)}
        />
      )}
      {l && (
        <Card title={`Learning metrics (last ${l.metrics.windowHours} hours)`}>
          <div style={grid(140)}>
            <Figure label="Accuracy" value={percent(l.metrics.accuracy)} />
            <Figure label="Response time" value={ms(l.metrics.responseTime)} />
            <Figure label="User satisfaction" value={percent(l.metrics.userSatisfaction)} />
            <Figure
              label="Learning rate"
              value={l.metrics.learningRate === null ? '—' : l.metrics.learningRate.toFixed(3)}
            />
            <Figure
              label="Interactions"
              value={count(l.metrics.interactions)}
              note={`${count(l.metrics.rated)} rated`}
            />
          </div>
          {l.metrics.interactions === 0 && (
            <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
              No interactions in the window: the figures appear once people use the assistant.
            </Typography.Paragraph>
          )}
        </Card>
      )}
      <ManualFeedback />
    </Flex>
  );
}
