import type { WorkbenchResult } from '@stratos/contracts/ai/workbench.schema';
import { Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { formatCost, formatMs } from '../model/format-figures';
import styles from './workbench.module.css';

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        padding: '8px 12px',
        borderRadius: token.borderRadius,
        border: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorFillQuaternary,
        minWidth: 0,
      }}
    >
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
        {label}
      </Typography.Text>
      <Typography.Text strong data-testid={testId} style={{ fontSize: 16, whiteSpace: 'nowrap' }}>
        {value}
      </Typography.Text>
    </div>
  );
}

/** The measured figures of one run, as the usage log recorded them. */
export function RunFigures({ result }: { result: WorkbenchResult }) {
  return (
    <div data-testid="wb-figures" style={{ display: 'grid', gap: 8 }}>
      <div className={styles.figures}>
        <Figure label="Cost" value={formatCost(result.cost)} testId="wb-cost" />
        <Figure label="Tokens" value={`${result.totalTokens}`} testId="wb-tokens" />
        <Figure label="In / out" value={`${result.promptTokens} / ${result.completionTokens}`} />
        <Figure label="First token" value={formatMs(result.firstTokenMs)} testId="wb-first-token" />
        <Figure label="Latency" value={formatMs(result.latencyMs)} testId="wb-latency" />
      </div>
      {result.failed.length > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Tried first:{' '}
          {result.failed.map((f) => (
            <Tag key={f.provider} color="orange" title={f.error}>
              {f.provider}
            </Tag>
          ))}
        </Typography.Text>
      )}
    </div>
  );
}
