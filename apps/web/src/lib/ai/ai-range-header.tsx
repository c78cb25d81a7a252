import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { PageHeader } from '../page-header';
import type { AiRange } from './ai-range';
import { RangeControls } from './range-controls';

interface AiRangeHeaderProps {
  title: string;
  /** What the page shows: of every user (an admin's view, scope 'all') or of one user's calls. */
  description: { all: string; own: string };
  /** The report's scope; before it has loaded, the page speaks of the user's own calls. */
  scope: 'all' | 'own' | 'user' | undefined;
  range: AiRange;
  onRangeChange: (r: AiRange) => void;
  /** Buttons on the right of the title (an export). */
  actions?: ReactNode;
  /** Shown after the range controls (the user a view is narrowed to). */
  children?: ReactNode;
}

/** The top of the AI report pages (analytics, performance): title, what it covers, and its date range. */
export function AiRangeHeader({
  title,
  description,
  scope,
  range,
  onRangeChange,
  actions,
  children,
}: AiRangeHeaderProps) {
  return (
    <>
      <PageHeader
        title={title}
        description={scope === 'all' ? description.all : description.own}
        extra={actions}
      />
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <RangeControls value={range} onChange={onRangeChange} />
        {children}
      </Flex>
    </>
  );
}
