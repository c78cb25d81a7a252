import { Card, Divider } from 'antd';
import { Children, Fragment, type ReactNode } from 'react';

/** A card of setting rows separated by hairlines. */
export function SettingsSection({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const rows = Children.toArray(children);
  return (
    <Card title={title} extra={extra} styles={{ body: { paddingTop: 4, paddingBottom: 4 } }}>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are static per section
        <Fragment key={i}>
          {i > 0 && <Divider style={{ margin: 0 }} />}
          {row}
        </Fragment>
      ))}
    </Card>
  );
}
