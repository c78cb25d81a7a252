import type { BenchmarkRunsReply } from '@stratos/contracts/ai/benchmark.schema';
import { Badge, Card, List, theme } from 'antd';
import { formatMs } from '../../../lib/ai/ai-range';
import { fastest, STATUS_LABEL } from '../model/run-view';

type Run = BenchmarkRunsReply['data']['runs'][number];
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const BADGE = { running: 'processing', completed: 'success', failed: 'warning' } as const;

/** Earlier runs, newest first; picking one shows it above. */
export function RunHistory({
  runs,
  selected,
  onSelect,
}: {
  runs: Run[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const { token } = theme.useToken();
  return (
    <Card title="History" size="small" styles={{ body: { padding: 0 } }}>
      <List
        dataSource={runs}
        renderItem={(r) => {
          const fast = fastest(r.summary);
          return (
            <List.Item
              onClick={() => onSelect(r.id)}
              style={{
                cursor: 'pointer',
                padding: '10px 16px',
                background: r.id === selected ? token.controlItemBgActive : undefined,
              }}
            >
              <button
                type="button"
                onClick={() => onSelect(r.id)}
                aria-current={r.id === selected}
                style={{ all: 'unset', display: 'block', width: '100%', minWidth: 0 }}
              >
                <div style={{ fontWeight: 600 }}>{dateTime.format(new Date(r.startedAt))}</div>
                <div style={{ color: token.colorTextSecondary, fontSize: 13 }}>
                  <Badge status={BADGE[r.status]} text={STATUS_LABEL[r.status]} /> · {r.done}/{r.total} ·{' '}
                  {r.providers.join(', ')}
                </div>
                {fast && (
                  <div style={{ color: token.colorTextTertiary, fontSize: 12 }}>
                    Fastest {fast.provider} ({formatMs(fast.avgLatencyMs)})
                  </div>
                )}
              </button>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
