import type {
  BenchmarkPrompt,
  BenchmarkResult,
  BenchmarkRunDetail,
  BenchmarkSummary,
} from '@stratos/contracts/ai/benchmark.schema';
import { Alert, Card, Progress, Table, Tooltip, theme } from 'antd';
import { formatCount, formatMs, formatUsd } from '../../../lib/ai/ai-range';
import { StatTile, tileGrid } from '../../../lib/ai/stat-tile';
import { QUALITY_COLOR, QUALITY_LABEL } from '../../ai-performance/model/quality-view';
import { bestQuality, fastest, progressPercent } from '../model/run-view';
import { LatencyBars } from './run-charts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A coloured dot and the category's name: readable on light and dark backgrounds alike. */
function QualityTag({ q }: { q: BenchmarkResult['quality'] }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }}>
      <span
        aria-hidden
        style={{ width: 8, height: 8, borderRadius: '50%', background: QUALITY_COLOR[q], flexShrink: 0 }}
      />
      {QUALITY_LABEL[q]}
    </span>
  );
}

/** A run: progress while it goes, then per provider means and every prompt's measurement. */
export function RunDetail({ run, prompts }: { run: BenchmarkRunDetail; prompts: BenchmarkPrompt[] }) {
  const { token } = theme.useToken();
  const promptById = new Map(prompts.map((p) => [p.id, p]));
  const fast = fastest(run.summary);
  const best = bestQuality(run.summary);
  const cost = run.summary.reduce((s, x) => s + x.cost, 0);
  return (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {run.status === 'running' && (
        <Card size="small" role="status" aria-live="polite">
          <div style={{ marginBottom: 4 }}>
            Running: {run.done} of {run.total} prompts measured
          </div>
          <Progress percent={progressPercent(run)} status="active" />
        </Card>
      )}
      {run.status === 'failed' && (
        <Alert type="warning" showIcon title="The run stopped early" description={run.error} />
      )}
      <div style={tileGrid(150)}>
        <StatTile
          label="Fastest"
          value={fast ? fast.provider : '—'}
          hint={fast ? `${formatMs(fast.avgLatencyMs)} per reply` : 'no answers yet'}
        />
        <StatTile
          label="Best quality"
          value={best ? best.provider : '—'}
          hint={best ? `mean score ${best.avgQualityScore?.toFixed(2)}` : 'no answers yet'}
        />
        <StatTile
          label="Cost of the run"
          value={formatUsd(cost)}
          hint={`${run.providers.length} ${run.providers.length === 1 ? 'provider' : 'providers'} · ${run.total} calls`}
        />
        <StatTile
          label="Started"
          value={<span style={{ fontSize: 15 }}>{dateTime.format(new Date(run.startedAt))}</span>}
        />
      </div>
      <LatencyBars summary={run.summary} />
      <Card title="Per provider" size="small">
        <Table<BenchmarkSummary>
          size="small"
          rowKey="provider"
          dataSource={run.summary}
          pagination={false}
          scroll={{ x: 680 }}
          columns={[
            {
              title: 'Provider',
              dataIndex: 'provider',
              render: (p: string, s) => (
                <>
                  <div>{p}</div>
                  {s.model && <div style={{ color: token.colorTextTertiary, fontSize: 12 }}>{s.model}</div>}
                </>
              ),
            },
            { title: 'Answered', align: 'right', render: (_, s) => `${s.calls - s.failures} / ${s.calls}` },
            { title: 'First text', dataIndex: 'avgFirstTokenMs', align: 'right', render: formatMs },
            { title: 'Whole reply', dataIndex: 'avgLatencyMs', align: 'right', render: formatMs },
            { title: 'Tokens', dataIndex: 'tokens', align: 'right', render: formatCount },
            { title: 'Cost', dataIndex: 'cost', align: 'right', render: formatUsd },
            {
              title: 'Quality',
              dataIndex: 'avgQualityScore',
              align: 'right',
              render: (q: number | null) => (q === null ? '—' : q.toFixed(2)),
            },
          ]}
        />
      </Card>
      <Card title="Every prompt" size="small">
        <Table<BenchmarkResult>
          size="small"
          rowKey={(r) => `${r.provider}/${r.promptId}`}
          dataSource={run.results}
          pagination={run.results.length > 25 ? { pageSize: 25, size: 'small' } : false}
          scroll={{ x: 760 }}
          locale={{
            emptyText: run.status === 'running' ? 'The first answers arrive in a moment…' : 'No results',
          }}
          columns={[
            { title: 'Provider', dataIndex: 'provider' },
            {
              title: 'Prompt',
              dataIndex: 'promptId',
              render: (id: string, r) => (
                <Tooltip title={promptById.get(id)?.prompt}>
                  <span style={{ textTransform: 'capitalize' }}>{r.category}</span>
                </Tooltip>
              ),
            },
            {
              title: 'Quality',
              dataIndex: 'quality',
              render: (q: BenchmarkResult['quality'], r) =>
                r.error ? (
                  <Tooltip title={r.error}>
                    <span>
                      <QualityTag q={q} />
                    </span>
                  </Tooltip>
                ) : (
                  <QualityTag q={q} />
                ),
            },
            { title: 'First text', dataIndex: 'firstTokenMs', align: 'right', render: formatMs },
            { title: 'Whole reply', dataIndex: 'latencyMs', align: 'right', render: formatMs },
            { title: 'Tokens', dataIndex: 'tokens', align: 'right', render: formatCount },
            { title: 'Cost', dataIndex: 'cost', align: 'right', render: formatUsd },
          ]}
        />
      </Card>
    </div>
  );
}
