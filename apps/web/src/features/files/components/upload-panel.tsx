import {
  CheckCircleFilled,
  CloseOutlined,
  DownOutlined,
  ExclamationCircleFilled,
  ReloadOutlined,
  UpOutlined,
} from '@ant-design/icons';
import { Button, Progress, Tooltip, theme } from 'antd';
import { useState } from 'react';
import { FileIcon } from '../../../lib/file-icon';
import { formatBytes, formatSpeed } from '../../../lib/format-bytes';
import { type UploadEntry, uploadPercent } from '../model/upload-queue';
import styles from './files.module.css';

interface UploadPanelProps {
  entries: readonly UploadEntry[];
  onCancel(id: string): void;
  onDismiss(id: string): void;
  onRetry(id: string): void;
}

function summary(entries: readonly UploadEntry[]): string {
  const active = entries.filter((e) => e.status === 'uploading' || e.status === 'queued').length;
  const failed = entries.filter((e) => e.status === 'error').length;
  if (active > 0) return `Uploading ${active} ${active === 1 ? 'file' : 'files'}`;
  if (failed > 0) return `${failed} ${failed === 1 ? 'upload' : 'uploads'} failed`;
  return 'Uploads complete';
}

function UploadRow({
  entry,
  onCancel,
  onDismiss,
  onRetry,
}: { entry: UploadEntry } & Omit<UploadPanelProps, 'entries'>) {
  const { token } = theme.useToken();
  const percent = uploadPercent(entry);
  let detail: string;
  if (entry.status === 'queued') detail = `Waiting · ${formatBytes(entry.size)}`;
  else if (entry.status === 'uploading')
    detail = `${percent}% · ${formatBytes(entry.loaded)} of ${formatBytes(entry.size)}${entry.speed > 0 ? ` · ${formatSpeed(entry.speed)}` : ''}`;
  else if (entry.status === 'done') detail = `Uploaded · ${formatBytes(entry.size)}`;
  else detail = entry.error ?? 'Upload failed';
  return (
    <li
      aria-label={`Upload of ${entry.name}`}
      style={{ display: 'flex', gap: 12, alignItems: 'center', padding: '10px 12px 10px 16px' }}
    >
      <FileIcon name={entry.name} size={32} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <div
          style={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          title={entry.name}
        >
          {entry.name}
        </div>
        {entry.status !== 'error' && (
          <Progress
            percent={percent}
            size="small"
            showInfo={false}
            status={entry.status === 'done' ? 'success' : entry.status === 'uploading' ? 'active' : 'normal'}
            aria-label={`${entry.name} upload progress`}
            style={{ margin: '2px 0 0' }}
          />
        )}
        <div
          role={entry.status === 'error' ? 'alert' : undefined}
          style={{
            fontSize: 12,
            color: entry.status === 'error' ? token.colorError : token.colorTextSecondary,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: entry.status === 'error' ? 'normal' : 'nowrap',
          }}
        >
          {detail}
        </div>
      </div>
      {entry.status === 'done' && <CheckCircleFilled style={{ color: token.colorSuccess, fontSize: 18 }} />}
      {entry.status === 'error' && (
        <>
          <ExclamationCircleFilled style={{ color: token.colorError, fontSize: 18 }} />
          <Tooltip title="Try again">
            <Button
              type="text"
              size="small"
              icon={<ReloadOutlined />}
              aria-label={`Retry ${entry.name}`}
              onClick={() => onRetry(entry.id)}
            />
          </Tooltip>
          <Tooltip title="Dismiss">
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={`Dismiss ${entry.name}`}
              onClick={() => onDismiss(entry.id)}
            />
          </Tooltip>
        </>
      )}
      {(entry.status === 'uploading' || entry.status === 'queued') && (
        <Tooltip title="Cancel">
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={`Cancel ${entry.name}`}
            onClick={() => onCancel(entry.id)}
          />
        </Tooltip>
      )}
    </li>
  );
}

/** A floating card with one progress bar per file: name, percentage and speed. */
export function UploadPanel({ entries, ...handlers }: UploadPanelProps) {
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);
  if (entries.length === 0) return null;
  return (
    <section aria-label="Uploads" className={styles.uploadPanel}>
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          padding: '12px 8px 12px 16px',
          borderBottom: collapsed ? 0 : `1px solid ${token.colorBorderSecondary}`,
          fontWeight: 600,
        }}
      >
        <span style={{ flex: 1 }} aria-live="polite">
          {summary(entries)}
        </span>
        <Button
          type="text"
          size="small"
          icon={collapsed ? <UpOutlined /> : <DownOutlined />}
          aria-label={collapsed ? 'Show uploads' : 'Hide uploads'}
          onClick={() => setCollapsed((c) => !c)}
        />
      </header>
      {!collapsed && (
        <ul style={{ listStyle: 'none', margin: 0, padding: '4px 0', overflowY: 'auto' }}>
          {entries.map((e) => (
            <UploadRow key={e.id} entry={e} {...handlers} />
          ))}
        </ul>
      )}
    </section>
  );
}
