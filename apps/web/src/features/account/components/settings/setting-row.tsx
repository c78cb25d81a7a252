import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

interface SettingRowProps {
  /** Visible label; also names the control for assistive tech through `labelId`. */
  label: string;
  labelId: string;
  description?: ReactNode;
  children: ReactNode;
}

/** One setting: its name and explanation on the left, its control on the right (below on phones). */
export function SettingRow({ label, labelId, description, children }: SettingRowProps) {
  return (
    <Flex justify="space-between" align="center" gap={16} wrap style={{ padding: '16px 0' }}>
      <div style={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography.Text strong id={labelId} style={{ display: 'block' }}>
          {label}
        </Typography.Text>
        {description && (
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {description}
          </Typography.Text>
        )}
      </div>
      <div style={{ flex: '0 1 auto', maxWidth: '100%' }}>{children}</div>
    </Flex>
  );
}
