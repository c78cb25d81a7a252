import { ArrowRightOutlined } from '@ant-design/icons';
import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { Alert, Button, Card, Flex, theme } from 'antd';
import type { CSSProperties } from 'react';
import { formatCents } from '../../../../lib/billing/format-money';
import { formatPlanPrice, formatPlanQueries, formatPlanStorage } from '../../../../lib/plans/plan-format';

interface ConfirmUpgradeProps {
  from: Plan | null;
  to: Plan;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
}

/** Step 2: what changes, what it costs, Back and Confirm Upgrade. */
export function ConfirmUpgrade({ from, to, error, onBack, onConfirm }: ConfirmUpgradeProps) {
  const { token } = theme.useToken();
  const cell: CSSProperties = { padding: '12px 12px 12px 0', textAlign: 'start', verticalAlign: 'middle' };
  const rows = [
    {
      label: 'Price',
      from: from ? `${formatPlanPrice(from.price)}/month` : '—',
      to: `${formatPlanPrice(to.price)}/month`,
    },
    {
      label: 'Storage',
      from: from ? formatPlanStorage(from.storageBytes) : '—',
      to: formatPlanStorage(to.storageBytes),
    },
    {
      label: 'AI queries',
      from: from ? formatPlanQueries(from.aiQueriesPerMonth) : '—',
      to: formatPlanQueries(to.aiQueriesPerMonth),
    },
  ];
  return (
    <Card style={{ maxWidth: 720, margin: '0 auto' }} title={`Upgrade to ${to.name}`}>
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 20 }} />}
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <caption style={{ textAlign: 'start', paddingBottom: 8, color: token.colorTextSecondary }}>
          What changes
        </caption>
        <thead>
          <tr
            style={{
              fontSize: 12,
              textTransform: 'uppercase',
              letterSpacing: 0.5,
              color: token.colorTextTertiary,
            }}
          >
            <td style={{ padding: '0 12px 8px 0' }} />
            <th scope="col" style={{ ...cell, fontWeight: 500 }}>
              Now{from ? ` · ${from.name}` : ''}
            </th>
            <td aria-hidden style={{ width: 24 }} />
            <th scope="col" style={{ ...cell, fontWeight: 500 }}>
              After · {to.name}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} style={{ borderTop: `1px solid ${token.colorBorderSecondary}` }}>
              <th
                scope="row"
                style={{
                  ...cell,
                  padding: '12px 12px 12px 0',
                  color: token.colorTextSecondary,
                  fontWeight: 400,
                }}
              >
                {r.label}
              </th>
              <td style={{ ...cell, color: token.colorTextSecondary }}>{r.from}</td>
              <td aria-hidden style={{ color: token.colorTextQuaternary }}>
                <ArrowRightOutlined />
              </td>
              <td style={{ ...cell, fontWeight: 600, color: token.colorTextHeading }}>{r.to}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p style={{ margin: '16px 0 0', color: token.colorTextSecondary, fontSize: 13 }}>
        You pay {formatCents(to.price)} today. Your plan renews monthly from today until you cancel; the new
        limits apply as soon as the payment succeeds. Upgrades start a new monthly period and are not
        prorated.
      </p>
      <Flex justify="space-between" gap={8} wrap style={{ marginTop: 24 }}>
        <Button onClick={onBack}>Back</Button>
        <Button type="primary" onClick={onConfirm}>
          Confirm Upgrade
        </Button>
      </Flex>
    </Card>
  );
}
