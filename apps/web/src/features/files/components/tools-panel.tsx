import {
  BarChartOutlined,
  CloudServerOutlined,
  CloudUploadOutlined,
  DeleteOutlined,
  FileSearchOutlined,
  FolderAddOutlined,
  HistoryOutlined,
  ReconciliationOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  ShareAltOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { App, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import styles from './files.module.css';

export type ToolId =
  | 'upload'
  | 'newFolder'
  | 'share'
  | 'versions'
  | 'bulk'
  | 'advancedSearch'
  | 'ai'
  | 'recycleBin'
  | 'analytics'
  | 'backup'
  | 'sync'
  | 'security';

interface Tool {
  id: ToolId;
  label: string;
  icon: ReactNode;
  /** What it does, or (not yet available) what it will do. */
  hint: string;
  soon?: boolean;
}

/** The twelve tools of part 1 section 2, in its order. */
export const TOOLS: readonly Tool[] = [
  { id: 'upload', label: 'Upload', icon: <CloudUploadOutlined />, hint: 'Upload files into this folder' },
  { id: 'newFolder', label: 'New Folder', icon: <FolderAddOutlined />, hint: 'Create a folder here' },
  { id: 'share', label: 'Share', icon: <ShareAltOutlined />, hint: 'Share the selected file by link' },
  {
    id: 'versions',
    label: 'Versions',
    icon: <HistoryOutlined />,
    hint: 'Coming soon: earlier versions of a file',
    soon: true,
  },
  {
    id: 'bulk',
    label: 'Bulk Ops',
    icon: <ReconciliationOutlined />,
    hint: 'Move or delete many items at once',
  },
  {
    id: 'advancedSearch',
    label: 'Advanced Search',
    icon: <FileSearchOutlined />,
    hint: 'Search the words inside your files, and what they are about',
  },
  {
    id: 'ai',
    label: 'AI Analysis',
    icon: <RobotOutlined />,
    hint: 'The summary, tags and insights of the ticked file; with none ticked, the AI dashboard',
  },
  { id: 'recycleBin', label: 'Recycle Bin', icon: <DeleteOutlined />, hint: 'Restore deleted files' },
  { id: 'analytics', label: 'Analytics', icon: <BarChartOutlined />, hint: 'What takes up your space' },
  {
    id: 'backup',
    label: 'Backup',
    icon: <CloudServerOutlined />,
    hint: 'Coming soon: scheduled backups to another store',
    soon: true,
  },
  {
    id: 'sync',
    label: 'Sync',
    icon: <SyncOutlined />,
    hint: 'Coming soon: keep a folder in sync with your computer',
    soon: true,
  },
  {
    id: 'security',
    label: 'Security',
    icon: <SafetyCertificateOutlined />,
    hint: 'Coming soon: encryption and access reports',
    soon: true,
  },
];

/** The tools panel under the toolbar; tools not built yet say so instead of pretending. */
export function ToolsPanel({ onTool }: { onTool(id: ToolId): void }) {
  const { message } = App.useApp();
  return (
    <section aria-label="Tools" className={`${styles.surface} ${styles.tools}`}>
      {TOOLS.map((tool) => (
        <Tooltip key={tool.id} title={tool.hint} mouseEnterDelay={0.4}>
          <button
            type="button"
            className={styles.tool}
            data-soon={tool.soon ?? false}
            aria-label={tool.soon ? `${tool.label} (coming soon)` : tool.label}
            onClick={() => {
              if (tool.soon) message.info(`${tool.label} is coming soon.`);
              else onTool(tool.id);
            }}
          >
            <span className={styles.toolIcon}>{tool.icon}</span>
            <span className={styles.toolText}>
              <span className={styles.toolLabel}>{tool.label}</span>
              {tool.soon && <span className={styles.soonBadge}>Coming soon</span>}
            </span>
          </button>
        </Tooltip>
      ))}
    </section>
  );
}
