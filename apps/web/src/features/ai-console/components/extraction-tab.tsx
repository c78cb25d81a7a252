import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import {
  type ExtractionProgress,
  type ExtractionStatus,
  extractionProgressSchema,
} from '@stratos/contracts/ai/extraction.schema';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Progress, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { consoleKeys } from '../api/console-keys';
import { useExtractionStatus } from '../api/extraction-status';
import { useProgressStream } from '../api/progress-stream';
import { useStartExtraction } from '../api/start-extraction';
import { useStopExtraction } from '../api/stop-extraction';
import { count, dollars, when, words } from '../model/format';
import { Figure, grid } from './figure';
import { BusyTag, notLoaded, TabHeader } from './tab-frame';

const STATUS_TEXT: Record<ExtractionProgress['status'], { text: string; color: string }> = {
  running: { text: 'Extracting', color: 'processing' },
  stopping: { text: 'Stopping', color: 'warning' },
  succeeded: { text: 'Finished', color: 'success' },
  stopped: { text: 'Stopped', color: 'default' },
  failed: { text: 'Failed', color: 'error' },
};

/** Knowledge Extraction: start, stop and follow a run over the 30 domains. */
export function ExtractionTab() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const status = useExtractionStatus();
  const start = useStartExtraction();
  const stop = useStopExtraction();
  const [domains, setDomains] = useState<string[]>([]);

  const put = (p: ExtractionProgress) =>
    queryClient.setQueryData<ExtractionStatus>(consoleKeys.extraction, (old) =>
      old ? { ...old, isExtracting: p.isExtracting, progress: p } : old,
    );
  useProgressStream(
    '/ai/extraction/progress',
    extractionProgressSchema,
    {
      onProgress: put,
      onDone: (p) => {
        put(p);
        void queryClient.invalidateQueries({ queryKey: consoleKeys.extraction });
      },
    },
    start.isPending,
  );

  const pending = notLoaded(status, Boolean(status.data), 'The extraction status did not load');
  if (pending || !status.data) return pending;

  const data = status.data;
  const p = data.progress;
  const running = data.isExtracting;
  const labelOf = (d: string | null) => data.domains.find((x) => x.domain === d)?.label ?? d ?? '';

  const onStart = () =>
    start.mutate(domains.length > 0 ? { domains } : {}, {
      onError: (err) => message.error(errorMessage(err)),
    });
  const onStop = () => stop.mutate(undefined, { onError: (err) => message.error(errorMessage(err)) });

  return (
    <Flex vertical gap={16}>
      <TabHeader
        title="Knowledge extraction"
        tags={<BusyTag busy={running} busyText="Extracting" idleText="Idle" testId="extraction-status" />}
        actions={
          <>
            <Button
              type="primary"
              icon={<PlayCircleOutlined />}
              onClick={onStart}
              loading={start.isPending}
              disabled={running}
            >
              Start extraction
            </Button>
            <Button
              icon={<PauseCircleOutlined />}
              onClick={onStop}
              loading={stop.isPending}
              disabled={!running}
            >
              Stop
            </Button>
          </>
        }
      >
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 12px' }}>
          Asks the available AI provider {data.promptTypes.length} kinds of question about each of the{' '}
          {data.domains.length} knowledge domains ({data.promptTypes.map(words).join(', ').toLowerCase()}),
          pausing 1 s between questions and 2 s between domains, and stores every new point of 50 characters
          or more in the knowledge base. Each call is logged and charged like any other.
        </Typography.Paragraph>
        <Select
          mode="multiple"
          allowClear
          placeholder={`All ${data.domains.length} domains`}
          value={domains}
          onChange={setDomains}
          disabled={running}
          options={data.domains.map((d) => ({ value: d.domain, label: d.label }))}
          style={{ width: '100%', maxWidth: 560 }}
          aria-label="Domains to extract"
          maxTagCount="responsive"
        />
      </TabHeader>

      {p?.lastError && (
        <Alert
          type={p.status === 'failed' ? 'error' : 'warning'}
          showIcon
          title={
            p.status === 'failed'
              ? 'The extraction stopped with an error'
              : 'Some questions were not answered'
          }
          description={p.lastError}
        />
      )}

      <Card
        title={p ? (running ? 'Progress' : 'Last run') : 'Progress'}
        extra={p && <Tag color={STATUS_TEXT[p.status].color}>{STATUS_TEXT[p.status].text}</Tag>}
      >
        {!p ? (
          <Typography.Text type="secondary">
            No extraction has run on this server yet. {count(data.extractedItems)} extracted items are stored.
          </Typography.Text>
        ) : (
          <Flex vertical gap={16}>
            <Typography.Text data-testid="extraction-domain">
              {running && p.currentDomain
                ? `Domain ${p.domainIndex} of ${p.totalDomains}: ${labelOf(p.currentDomain)}${p.currentPromptType ? ` (${words(p.currentPromptType).toLowerCase()})` : ''}`
                : `${p.domainsCompleted} of ${p.totalDomains} domains completed`}
            </Typography.Text>
            <Progress
              percent={Math.round((p.promptsDone / Math.max(1, p.totalPrompts)) * 1000) / 10}
              status={running ? 'active' : p.status === 'failed' ? 'exception' : 'normal'}
              aria-label="Extraction progress"
            />
            <div style={grid(140)}>
              <Figure
                label="Prompts done"
                value={`${count(p.promptsDone)} of ${count(p.totalPrompts)}`}
                note={`${p.promptsFailed} failed`}
              />
              <Figure
                label="Items stored"
                value={count(p.itemsStored)}
                note={`${count(data.extractedItems)} extracted in all`}
              />
              <Figure label="Duplicates skipped" value={count(p.duplicatesSkipped)} />
              <Figure
                label="Short segments dropped"
                value={count(p.segmentsDropped)}
                note="Under 50 characters"
              />
              <Figure label="Tokens" value={count(p.tokensUsed)} note={dollars(p.cost)} />
              <Figure label="Models" value={p.models.length ? p.models.join(', ') : '—'} />
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              Started {when(p.startTime)}
              {p.endTime ? `, ended ${when(p.endTime)}` : ''}
            </Typography.Text>
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
