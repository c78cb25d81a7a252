import { BulbOutlined, ReloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { RECOMMENDATION_MESSAGES } from '@stratos/contracts/ai/recommendations.schema';
import { App, Button, Card, Flex, Result, Segmented, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { EmptyPanel } from '../../../lib/empty-panel';
import { LinkButton } from '../../../lib/link-button';
import { PageHeader } from '../../../lib/page-header';
import {
  type RecommendationsSource,
  type RecommendationsView,
  useRecommendations,
} from '../api/get-recommendations';
import { useSetRecommendationState } from '../api/set-recommendation-state';
import { RecommendationCard } from '../components/recommendation-card';
import { EMPTY_TEXT } from '../model/recommendation-view';

function Loading() {
  return (
    <section aria-busy="true" aria-label="Loading recommendations" style={{ display: 'grid', gap: 12 }}>
      {[0, 1, 2].map((i) => (
        <Card key={i} size="small">
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        </Card>
      ))}
    </section>
  );
}

/** /ai-recommendations: what the analyses of the user's files and the learning loop suggest. */
export default function AiRecommendationsPage() {
  const { message } = App.useApp();
  const [view, setView] = useState<RecommendationsView>('open');
  const [source, setSource] = useState<RecommendationsSource>(undefined);
  const recs = useRecommendations(view, source);
  const change = useSetRecommendationState();
  const counts = recs.data?.counts;
  const nothingAtAll = counts && counts.open + counts.done + counts.dismissed === 0 && !source;

  let body: React.ReactNode;
  if (recs.isError && !recs.data)
    body = (
      <Card>
        <Result
          status="warning"
          title={RECOMMENDATION_MESSAGES.loadFailed}
          subTitle={errorMessage(recs.error)}
          extra={
            <Button
              type="primary"
              icon={<ReloadOutlined />}
              onClick={() => void recs.refetch()}
              loading={recs.isFetching}
            >
              Retry
            </Button>
          }
        />
      </Card>
    );
  else if (!recs.data) body = <Loading />;
  else if (nothingAtAll)
    body = (
      <EmptyPanel
        icon={<BulbOutlined />}
        tone="invite"
        title="No recommendations yet"
        description="Recommendations come from the analyses of your files and from what the assistant learns from your conversations. Analyse your files to get the first ones."
        actions={
          <LinkButton type="primary" icon={<ThunderboltOutlined />} to="/ai/dashboard">
            Open the AI dashboard
          </LinkButton>
        }
      />
    );
  else if (recs.data.items.length === 0)
    body = (
      <EmptyPanel
        icon={<BulbOutlined />}
        title={EMPTY_TEXT[view]}
        description="Choose another view to see the rest."
      />
    );
  else
    body = (
      <ul
        aria-label="Recommendations"
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}
      >
        {recs.data.items.map((rec) => (
          <li key={rec.id}>
            <RecommendationCard
              rec={rec}
              busy={change.isPending && change.variables?.id === rec.id}
              onState={(state) =>
                change.mutate(
                  { id: rec.id, state },
                  {
                    onSuccess: () =>
                      message.success(
                        state === 'open' ? 'Reopened' : state === 'done' ? 'Marked done' : 'Dismissed',
                      ),
                    onError: (err) => message.error(errorMessage(err)),
                  },
                )
              }
            />
          </li>
        ))}
      </ul>
    );

  return (
    <>
      <PageHeader
        title="AI Recommendations"
        description="Suggestions from the analyses of your files and from what the assistant learned from your feedback."
        extra={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void recs.refetch()}
            loading={recs.isFetching && !recs.isPending}
          >
            Refresh
          </Button>
        }
      />
      <Flex gap={12} wrap justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Segmented<RecommendationsView>
            aria-label="Show"
            value={view}
            onChange={setView}
            options={[
              { value: 'open', label: `Open${counts ? ` (${counts.open})` : ''}` },
              { value: 'done', label: `Done${counts ? ` (${counts.done})` : ''}` },
              { value: 'dismissed', label: `Dismissed${counts ? ` (${counts.dismissed})` : ''}` },
              { value: 'all', label: 'All' },
            ]}
          />
        </div>
        <Select
          aria-label="Source"
          style={{ minWidth: 180 }}
          value={source ?? 'any'}
          onChange={(v) => setSource(v === 'any' ? undefined : (v as RecommendationsSource))}
          options={[
            { value: 'any', label: 'All sources' },
            { value: 'analysis', label: 'File analyses' },
            { value: 'learning', label: 'Learning' },
          ]}
        />
      </Flex>
      {body}
    </>
  );
}
