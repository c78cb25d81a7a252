import type { WorkbenchResult } from '@stratos/contracts/ai/workbench.schema';
import { Descriptions, Tag } from 'antd';
import { formatCost, formatMs } from '../model/format-figures';

/** The measured figures of one run, as the usage log recorded them. */
export function RunFigures({ result }: { result: WorkbenchResult }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, md: 3 }}
      data-testid="wb-figures"
      items={[
        { key: 'model', label: 'Answered by', children: `${result.provider} · ${result.model}` },
        {
          key: 'tokens',
          label: 'Tokens',
          children: `${result.totalTokens} (${result.promptTokens} in, ${result.completionTokens} out)`,
        },
        {
          key: 'cost',
          label: 'Cost',
          children: <span data-testid="wb-cost">{formatCost(result.cost)}</span>,
        },
        { key: 'first', label: 'First token', children: formatMs(result.firstTokenMs) },
        { key: 'latency', label: 'Latency', children: formatMs(result.latencyMs) },
        ...(result.failed.length
          ? [
              {
                key: 'failed',
                label: 'Tried first',
                children: result.failed.map((f) => (
                  <Tag key={f.provider} color="orange" title={f.error}>
                    {f.provider}
                  </Tag>
                )),
              },
            ]
          : []),
      ]}
    />
  );
}
