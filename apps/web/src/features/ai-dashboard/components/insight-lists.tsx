import type { AiDashboard } from '@stratos/contracts/ai/analysis.schema';
import { Card, Tag, theme } from 'antd';
import { PRIORITY_COLOR } from '../model/dashboard-view';
import { FileLink } from './file-link';

const listStyle = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 14 } as const;

function Nothing({ text }: { text: string }) {
  const { token } = theme.useToken();
  return <p style={{ margin: 0, color: token.colorTextTertiary }}>{text}</p>;
}

/** Up to 5 insights, high priority first, each with its priority tag and the file it came from. */
export function InsightsCard({ data }: { data: AiDashboard }) {
  const { token } = theme.useToken();
  const more = data.insightCount - data.insights.length;
  return (
    <Card title="Insights" extra={more > 0 ? <span style={{ fontSize: 13 }}>{`+${more} more`}</span> : null}>
      {data.insights.length === 0 ? (
        <Nothing text="No insights yet." />
      ) : (
        <ul style={listStyle} aria-label="Insights">
          {data.insights.map((insight) => (
            <li key={`${insight.fileId}-${insight.title}`}>
              <div style={{ display: 'flex', gap: 8, alignItems: 'baseline', flexWrap: 'wrap' }}>
                <Tag color={PRIORITY_COLOR[insight.priority]} style={{ margin: 0 }}>
                  {insight.priority}
                </Tag>
                <strong style={{ color: token.colorTextHeading }}>{insight.title}</strong>
                <Tag variant="filled" style={{ margin: 0 }}>
                  {insight.type}
                </Tag>
              </div>
              <p style={{ margin: '4px 0', color: token.colorTextSecondary }}>{insight.description}</p>
              <FileLink fileId={insight.fileId} fileName={insight.fileName} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Up to 5 recommendations, newest first. */
export function RecommendationsCard({ data }: { data: AiDashboard }) {
  const { token } = theme.useToken();
  const more = data.recommendationCount - data.recommendations.length;
  return (
    <Card
      title="Recommendations"
      extra={more > 0 ? <span style={{ fontSize: 13 }}>{`+${more} more`}</span> : null}
    >
      {data.recommendations.length === 0 ? (
        <Nothing text="No recommendations yet." />
      ) : (
        <ol style={{ ...listStyle, counterReset: 'rec' }} aria-label="Recommendations">
          {data.recommendations.map((rec, i) => (
            <li key={`${rec.fileId}-${rec.text}`} style={{ display: 'flex', gap: 12 }}>
              <span
                aria-hidden
                style={{
                  flexShrink: 0,
                  width: 24,
                  height: 24,
                  borderRadius: 12,
                  display: 'grid',
                  placeItems: 'center',
                  fontSize: 12,
                  fontWeight: 600,
                  color: token.colorSuccess,
                  background: token.colorSuccessBg,
                }}
              >
                {i + 1}
              </span>
              <div style={{ minWidth: 0 }}>
                <p style={{ margin: '0 0 2px', color: token.colorText }}>{rec.text}</p>
                <FileLink fileId={rec.fileId} fileName={rec.fileName} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
