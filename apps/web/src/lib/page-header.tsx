import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right (below the title at phone width). */
  extra?: ReactNode;
}

/** The title block at the top of an in-app page. */
export function PageHeader({ title, description, extra }: PageHeaderProps) {
  return (
    <Flex justify="space-between" align="flex-end" gap={16} wrap style={{ marginBottom: 24 }}>
      <div style={{ minWidth: 0, flex: '1 1 320px' }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 28, letterSpacing: '-0.01em' }}>
          {title}
        </Typography.Title>
        {description && (
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 15 }}>
            {description}
          </Typography.Paragraph>
        )}
      </div>
      {extra && (
        <Flex gap={8} wrap>
          {extra}
        </Flex>
      )}
    </Flex>
  );
}
