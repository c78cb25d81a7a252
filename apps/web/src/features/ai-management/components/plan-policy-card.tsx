import type { AiModelOption, AiPlanPolicy } from '@stratos/contracts/ai/management.schema';
import { App, Button, Card, Checkbox, Flex, InputNumber, Radio, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { useUpdatePlanPolicy } from '../api/update-plan-policy';
import { PROVIDER_LABELS } from './provider-labels';

const sameList = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((m, i) => m === b[i]));

/** One plan: its monthly AI allowance and the models it may use, saved together. */
export function PlanPolicyCard({ plan, models }: { plan: AiPlanPolicy; models: AiModelOption[] }) {
  const { message } = App.useApp();
  const update = useUpdatePlanPolicy();
  const [limit, setLimit] = useState<number | null>(plan.aiQueriesPerMonth);
  const [allowed, setAllowed] = useState<string[] | null>(plan.allowedModels);
  useEffect(() => {
    setLimit(plan.aiQueriesPerMonth);
    setAllowed(plan.allowedModels);
  }, [plan.aiQueriesPerMonth, plan.allowedModels]);

  const options = useMemo(() => {
    const groups = new Map<string, { label: string; value: string }[]>();
    for (const m of models) {
      const label = PROVIDER_LABELS[m.provider];
      groups.set(label, [...(groups.get(label) ?? []), { label: m.model, value: m.model }]);
    }
    // Models the plan allows that no provider lists today stay visible so they can be removed.
    const known = new Set(models.map((m) => m.model));
    const orphans = (allowed ?? []).filter((m) => !known.has(m)).map((m) => ({ label: m, value: m }));
    if (orphans.length) groups.set('Not offered now', orphans);
    return [...groups].map(([label, opts]) => ({ label, options: opts }));
  }, [models, allowed]);

  const changed = limit !== plan.aiQueriesPerMonth || !sameList(allowed, plan.allowedModels);
  const invalid = allowed !== null && allowed.length === 0;
  const used = plan.queriesThisMonth;

  const save = () =>
    update.mutate(
      { planId: plan.planId, body: { aiQueriesPerMonth: limit, allowedModels: allowed } },
      {
        onSuccess: () => message.success(`${plan.name} plan saved`),
        onError: (e) => message.error(errorMessage(e)),
      },
    );

  return (
    <Card
      data-testid={`plan-${plan.planId}`}
      title={plan.name}
      extra={
        <Tag color={limit !== null && used >= limit ? 'red' : 'default'} style={{ marginInlineEnd: 0 }}>
          {used.toLocaleString()} {used === 1 ? 'query' : 'queries'} this month
        </Tag>
      }
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <div>
          <Typography.Text strong>Monthly AI queries per user</Typography.Text>
          <Flex gap={12} align="center" wrap style={{ marginTop: 6 }}>
            <InputNumber
              aria-label={`${plan.name} monthly AI queries`}
              min={0}
              max={100_000_000}
              precision={0}
              value={limit}
              disabled={limit === null}
              placeholder="Unlimited"
              onChange={(v) => setLimit(typeof v === 'number' ? v : 0)}
              style={{ width: 160 }}
            />
            <Checkbox
              checked={limit === null}
              onChange={(e) => setLimit(e.target.checked ? null : (plan.aiQueriesPerMonth ?? 100))}
            >
              Unlimited
            </Checkbox>
          </Flex>
        </div>
        <div>
          <Typography.Text strong>Models</Typography.Text>
          <Radio.Group
            style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 6 }}
            value={allowed === null ? 'all' : 'some'}
            onChange={(e) => setAllowed(e.target.value === 'all' ? null : (plan.allowedModels ?? []))}
            options={[
              { label: 'Every model', value: 'all' },
              { label: 'Only these', value: 'some' },
            ]}
          />
          {allowed !== null && (
            <Select
              mode="multiple"
              aria-label={`${plan.name} allowed models`}
              data-testid={`models-${plan.planId}`}
              style={{ width: '100%', marginTop: 8 }}
              placeholder="Choose the models this plan may use"
              value={allowed}
              onChange={setAllowed}
              options={options}
              status={invalid ? 'error' : undefined}
              maxTagCount="responsive"
            />
          )}
          {invalid && (
            <Typography.Text type="danger" style={{ display: 'block', marginTop: 4 }}>
              Choose at least one model, or allow every model.
            </Typography.Text>
          )}
        </div>
        <Flex justify="flex-end" gap={8}>
          <Button
            disabled={!changed}
            onClick={() => {
              setLimit(plan.aiQueriesPerMonth);
              setAllowed(plan.allowedModels);
            }}
          >
            Undo
          </Button>
          <Button type="primary" disabled={!changed || invalid} loading={update.isPending} onClick={save}>
            Save
          </Button>
        </Flex>
      </Space>
    </Card>
  );
}
