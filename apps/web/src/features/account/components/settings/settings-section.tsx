import { Alert, Card, Divider } from 'antd';
import { Children, Fragment, type ReactNode } from 'react';

/**
 * A card of setting rows separated by hairlines. `notInUse` says, above the rows, that Stratos
 * keeps these choices but does not act on them yet (and what happens meanwhile): a switch that
 * changes nothing must not look as if it did.
 */
export function SettingsSection({
  title,
  extra,
  notInUse,
  children,
}: {
  title: string;
  extra?: ReactNode;
  notInUse?: string;
  children: ReactNode;
}) {
  const rows = Children.toArray(children);
  return (
    <Card title={title} extra={extra} styles={{ body: { paddingTop: 4, paddingBottom: 4 } }}>
      {notInUse && (
        <Alert
          type="info"
          showIcon
          role="note"
          aria-label={`${title}: not in use yet`}
          title="Saved, not in use yet"
          description={notInUse}
          style={{ margin: '16px 0 4px' }}
        />
      )}
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
