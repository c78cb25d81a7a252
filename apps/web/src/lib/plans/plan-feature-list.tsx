import { CheckOutlined, CloudOutlined, RobotOutlined } from '@ant-design/icons';
import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { planHighlights } from './plan-format';

/** A plan's storage and AI limits (bold, with their icons), then its other features (ticked). */
export function PlanFeatureList({ plan, style }: { plan: Plan; style?: CSSProperties }) {
  const { token } = theme.useToken();
  const { limits, features } = planHighlights(plan);
  return (
    <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 10, ...style }}>
      {limits.map((line, i) => (
        <li key={line} style={{ display: 'flex', gap: 10, fontWeight: 600, color: token.colorText }}>
          <span style={{ color: token.colorPrimary }} aria-hidden>
            {i === 0 ? <CloudOutlined /> : <RobotOutlined />}
          </span>
          {line}
        </li>
      ))}
      {features.map((f) => (
        <li key={f} style={{ display: 'flex', gap: 10, color: token.colorTextSecondary }}>
          <CheckOutlined style={{ color: token.colorSuccess, marginTop: 4 }} aria-hidden />
          {f}
        </li>
      ))}
    </ul>
  );
}
