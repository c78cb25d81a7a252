import type { AiDashboard } from '@stratos/contracts/ai/analysis.schema';
import { Collapse, Descriptions } from 'antd';
import { formatDateTime } from '../../../lib/date-format';
import { formatConfidence } from '../model/dashboard-view';

/** The spec's debug block: the raw figures behind the page, folded away by default. */
export function DetailsBlock({ data }: { data: AiDashboard }) {
  return (
    <Collapse
      size="small"
      items={[
        {
          key: 'details',
          label: 'Details',
          children: (
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, md: 3 }}
              items={[
                { key: 'status', label: 'status', children: data.status },
                {
                  key: 'averageConfidence',
                  label: 'averageConfidence',
                  children:
                    data.averageConfidence === null
                      ? 'null'
                      : `${data.averageConfidence.toFixed(3)} (${formatConfidence(data.averageConfidence)})`,
                },
                {
                  key: 'lastAnalyzedAt',
                  label: 'lastAnalyzedAt',
                  children: data.lastAnalyzedAt ? formatDateTime(data.lastAnalyzedAt) : 'null',
                },
                { key: 'totalAnalyses', label: 'totalAnalyses', children: data.totalAnalyses },
                { key: 'analyzedFiles', label: 'analyzedFiles', children: data.analyzedFiles },
                { key: 'pendingAnalyses', label: 'pendingAnalyses', children: data.pendingAnalyses },
                { key: 'activeModels', label: 'activeModels', children: data.activeModels },
                { key: 'providers', label: 'providers', children: data.providers.length },
              ]}
            />
          ),
        },
      ]}
    />
  );
}
