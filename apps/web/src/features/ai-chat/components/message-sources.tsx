import { FileTextOutlined } from '@ant-design/icons';
import type { ChatSource } from '@stratos/contracts/ai/chat.schema';
import { Tooltip } from 'antd';
import { Link } from 'react-router';
import styles from './chat.module.css';

/** The Files page opens a file (its details and analysis) from this link, as the AI dashboard does. */
const fileLink = (fileId: string) => `/files?analysis=${encodeURIComponent(fileId)}`;

/** The user's files a reply was given, as links to them; each shows the passage used on hover. */
export function MessageSources({ sources }: { sources: ChatSource[] }) {
  if (sources.length === 0) return null;
  return (
    <nav aria-label="Sources" className={styles.sources}>
      <span className={styles.sourcesLabel}>Sources</span>
      <ul className={styles.sourceList}>
        {sources.map((s) => (
          <li key={s.fileId}>
            <Tooltip title={s.snippet} mouseEnterDelay={0.4}>
              <Link to={fileLink(s.fileId)} state={{ fileName: s.fileName }} className={styles.sourceLink}>
                <FileTextOutlined aria-hidden />
                <span className={styles.sourceName}>{s.fileName}</span>
              </Link>
            </Tooltip>
          </li>
        ))}
      </ul>
    </nav>
  );
}
