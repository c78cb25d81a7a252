import { DashboardOutlined, ExperimentOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Skeleton } from 'antd';
import { useState } from 'react';
import { type AiRange, formatCount, formatMs, formatRate, lastDays } from '../../../lib/ai/ai-range';
import { AiRangeHeader } from '../../../lib/ai/ai-range-header';
import { StatTile, tileGrid } from '../../../lib/ai/stat-tile';
import { errorMessage } from '../../../lib/api-error';
import { EmptyPanel } from '../../../lib/empty-panel';
import { LinkButton } from '../../../lib/link-button';
import { useAiPerformance } from '../api/get-ai-performance';
import { LatencyChart } from '../components/latency-chart';
import { ProvidersCard } from '../components/providers-card';
import { QualityChart } from '../components/quality-chart';

const plural = (n: number, one: string) => `${formatCount(n)} ${n === 1 ? one : `${one}s`}`;

/** /ai-performance: latency percentiles, error and fallback rates, and reply quality over time. */
export default function AiPerformancePage() {
  const [range, setRange] = useState<AiRange>(() => lastDays(30));
  const perf = useAiPerformance(range);
  const data = perf.data;
  return (
    <>
      <AiRangeHeader
        title="AI Performance"
        description={{
          all: 'Response times, errors, fallbacks and reply quality of every AI call that answers a prompt, measured from the log (embedding calls are in AI Analytics).',
          own: 'Response times, errors, fallbacks and reply quality of your AI calls that answer a prompt, measured from the log (embedding calls are in AI Analytics).',
        }}
        scope={data?.scope}
        range={range}
        onRangeChange={setRange}
      />
      {perf.isPending ? (
        <section
          aria-busy="true"
          aria-label="Loading AI performance"
          style={{ display: 'grid', gap: 16, gridTemplateColumns: 'minmax(0, 1fr)' }}
        >
          <div style={tileGrid(150)}>
            {[0, 1, 2, 3, 4].map((i) => (
              <Card key={i} size="small">
                <Skeleton active title={false} paragraph={{ rows: 2 }} />
              </Card>
            ))}
          </div>
          <Card>
            <Skeleton.Node active style={{ width: '100%', height: 260 }} />
          </Card>
        </section>
      ) : perf.isError && !data ? (
        <Alert
          type="error"
          showIcon
          title="We couldn't load the AI performance"
          description={errorMessage(perf.error)}
          action={
            <Button onClick={() => void perf.refetch()} loading={perf.isFetching}>
              Retry
            </Button>
          }
        />
      ) : data ? (
        <div
          style={{
            display: 'grid',
            gap: 16,
            gridTemplateColumns: 'minmax(0, 1fr)',
            opacity: perf.isPlaceholderData ? 0.6 : 1,
          }}
        >
          {perf.isError && <Alert type="error" showIcon title={errorMessage(perf.error)} />}
          <div style={tileGrid(150)}>
            <StatTile
              label="Median (p50)"
              value={formatMs(data.overall.p50)}
              hint={`mean ${formatMs(data.overall.avgMs)}`}
            />
            <StatTile label="p90" value={formatMs(data.overall.p90)} hint="9 in 10 answers are faster" />
            <StatTile label="p99" value={formatMs(data.overall.p99)} hint="the slowest 1% take longer" />
            <StatTile
              label="Error rate"
              value={formatRate(data.overall.errorRate)}
              hint={`${plural(data.overall.failures, 'failed attempt')} of ${formatCount(data.overall.calls)}`}
            />
            <StatTile
              label="Fallback rate"
              value={formatRate(data.overall.fallbackRate)}
              hint={`${plural(data.overall.fallbacks, 'request')} answered by a later provider`}
            />
          </div>
          {data.overall.calls === 0 &&
          data.quality.every((q) => Object.values(q.counts).every((n) => n === 0)) ? (
            <EmptyPanel
              icon={<DashboardOutlined />}
              title="Nothing measured in this range"
              description="Response times and reply quality appear once AI calls are made. A benchmark run measures every available provider in a minute."
              actions={
                <LinkButton to="/ai-benchmark" icon={<ExperimentOutlined />}>
                  Run a benchmark
                </LinkButton>
              }
            />
          ) : (
            <>
              <LatencyChart report={data} />
              <div style={{ ...tileGrid(380), alignItems: 'start' }}>
                <ProvidersCard report={data} />
                <QualityChart report={data} />
              </div>
            </>
          )}
        </div>
      ) : null}
    </>
  );
}
