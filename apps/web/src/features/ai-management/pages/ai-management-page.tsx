import { AppstoreOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Skeleton } from 'antd';
import { errorMessage } from '../../../lib/api-error';
import { EmptyPanel } from '../../../lib/empty-panel';
import { PageHeader } from '../../../lib/page-header';
import { useAiManagement } from '../api/get-ai-management';
import { PlanPolicyCard } from '../components/plan-policy-card';
import { ProviderOrderCard } from '../components/provider-order-card';

const grid = {
  display: 'grid',
  gap: 16,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(340px, 100%), 1fr))',
  alignItems: 'start',
} as const;

/** /ai/management (admins): what each plan may use of AI, and the order providers are tried in. */
export default function AiManagementPage() {
  const q = useAiManagement();
  return (
    <>
      <PageHeader
        title="AI Management"
        description="Which models each plan may use, how many AI queries a month it includes, and the order in which providers are tried."
        extra={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => q.refetch()}
            loading={q.isFetching && !q.isLoading}
          >
            Refresh
          </Button>
        }
      />
      {q.isLoading ? (
        <section style={grid} aria-busy="true" aria-label="Loading AI management">
          {[0, 1, 2].map((i) => (
            <Card key={i}>
              <Skeleton active paragraph={{ rows: 5 }} />
            </Card>
          ))}
        </section>
      ) : q.isError ? (
        <Alert
          type="error"
          showIcon
          title="Could not load the AI settings"
          description={errorMessage(q.error)}
          action={<Button onClick={() => q.refetch()}>Try again</Button>}
        />
      ) : q.data ? (
        <div style={grid}>
          {q.data.plans.length === 0 ? (
            <EmptyPanel
              icon={<AppstoreOutlined />}
              title="No plans"
              description="The plan catalogue is empty, so there is nothing to set."
            />
          ) : (
            q.data.plans.map((p) => <PlanPolicyCard key={p.planId} plan={p} models={q.data.models} />)
          )}
          <ProviderOrderCard saved={q.data.providerOrder} defaults={q.data.defaultProviderOrder} />
        </div>
      ) : null}
    </>
  );
}
