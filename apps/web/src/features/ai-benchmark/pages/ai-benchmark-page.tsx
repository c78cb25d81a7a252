import { ExperimentOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Collapse, Grid, Skeleton, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { EmptyPanel } from '../../../lib/empty-panel';
import { PageHeader } from '../../../lib/page-header';
import { useBenchmarkRun } from '../api/get-benchmark-run';
import { benchmarkKey, useBenchmarkRuns } from '../api/list-benchmark-runs';
import { useStartBenchmarkRun } from '../api/start-benchmark-run';
import { RunDetail } from '../components/run-detail';
import { RunHistory } from '../components/run-history';

/**
 * /ai-benchmark: runs the fixed prompt set against each available provider and shows what was
 * measured. Each run's calls go through the AI router like any other (the user's allowance and
 * credits pay for them); one run at a time per user.
 */
export default function AiBenchmarkPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const runs = useBenchmarkRuns();
  // History beside the run on wide screens, below it on narrow ones.
  const wide = Grid.useBreakpoint().lg === true;
  const start = useStartBenchmarkRun();
  const [picked, setPicked] = useState<string | null>(null);
  const selected = picked ?? runs.data?.runs[0]?.id ?? null;
  const run = useBenchmarkRun(selected);
  const running = run.data?.status === 'running' || runs.data?.runs.some((r) => r.status === 'running');

  // When the run shown finishes, the history's summary is read again.
  const lastStatus = useRef<string | undefined>(undefined);
  useEffect(() => {
    const s = run.data?.status;
    if (lastStatus.current === 'running' && s !== 'running')
      void qc.invalidateQueries({ queryKey: [...benchmarkKey, 'runs'] });
    lastStatus.current = s;
  }, [run.data?.status, qc]);

  const onStart = () =>
    start.mutate(undefined, {
      onSuccess: (r) => setPicked(r.id),
      onError: (err) => message.error(errorMessage(err)),
    });

  const runButton = (
    <Button
      type="primary"
      icon={<PlayCircleOutlined />}
      onClick={onStart}
      loading={start.isPending}
      disabled={running}
    >
      {running ? 'Benchmark running…' : 'Run benchmark'}
    </Button>
  );
  const prompts = runs.data?.prompts ?? [];

  return (
    <>
      <PageHeader
        title="AI Benchmark"
        description="Sends the same prompts to every available provider and measures speed, tokens, cost and answer quality."
        extra={runButton}
      />
      {runs.isPending ? (
        <Card aria-busy="true" aria-label="Loading benchmarks">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : runs.isError ? (
        <Alert
          type="error"
          showIcon
          title="We couldn't load your benchmarks"
          description={errorMessage(runs.error)}
          action={
            <Button onClick={() => void runs.refetch()} loading={runs.isFetching}>
              Retry
            </Button>
          }
        />
      ) : (
        <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          <Collapse
            size="small"
            items={[
              {
                key: 'prompts',
                label: `The prompt set (${prompts.length} prompts, sent to each available provider)`,
                children: (
                  <>
                    <ol style={{ margin: 0, paddingLeft: 20 }}>
                      {prompts.map((p) => (
                        <li key={p.id} style={{ marginBottom: 6 }}>
                          <Tag style={{ textTransform: 'capitalize' }}>{p.category}</Tag>
                          {p.prompt}
                        </li>
                      ))}
                    </ol>
                    <p style={{ margin: '8px 0 0', opacity: 0.75 }}>
                      Calls are streamed and counted against your AI allowance like any other; paid providers
                      cost a few cents at most per run.
                    </p>
                  </>
                ),
              },
            ]}
          />
          {runs.data.runs.length === 0 ? (
            <EmptyPanel
              icon={<ExperimentOutlined />}
              tone="invite"
              title="No benchmark yet"
              description="A run asks each available provider the prompts above and records how fast it starts and finishes, how many tokens it used, what it cost and how good the answers were."
              actions={runButton}
            />
          ) : (
            <div
              style={{
                display: 'grid',
                gap: 16,
                alignItems: 'start',
                gridTemplateColumns: wide ? 'minmax(0, 3fr) minmax(260px, 1fr)' : 'minmax(0, 1fr)',
              }}
            >
              <div style={{ minWidth: 0 }}>
                {run.isPending ? (
                  <Card aria-busy="true">
                    <Skeleton active paragraph={{ rows: 6 }} />
                  </Card>
                ) : run.isError ? (
                  <Alert
                    type="error"
                    showIcon
                    title="We couldn't load this run"
                    description={errorMessage(run.error)}
                  />
                ) : (
                  <RunDetail run={run.data} prompts={prompts} />
                )}
              </div>
              <RunHistory runs={runs.data.runs} selected={selected} onSelect={setPicked} />
            </div>
          )}
        </div>
      )}
    </>
  );
}
