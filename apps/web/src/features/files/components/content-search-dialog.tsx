import { DownloadOutlined, FileSearchOutlined } from '@ant-design/icons';
import {
  CONTENT_SEARCH_QUERY_MAX,
  type ContentSearchHit,
} from '@stratos/contracts/files/content-search.schema';
import { Alert, Button, Input, Modal, Skeleton, Tag, Tooltip, Typography, theme } from 'antd';
import type { CSSProperties } from 'react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { EmptyPanel } from '../../../lib/empty-panel';
import { FileIcon } from '../../../lib/file-icon';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useContentSearch } from '../api/content-search';
import styles from './content-search.module.css';
import { HighlightedSnippet } from './highlighted-snippet';

interface ContentSearchDialogProps {
  open: boolean;
  onClose(): void;
  /** Opens the file on the Files page (its details and analysis). */
  onOpenFile(fileId: string, fileName: string): void;
  onDownload(fileId: string, fileName: string): void;
}

const MATCH_LABEL: Record<ContentSearchHit['match'], string> = {
  text: 'Words',
  meaning: 'Meaning',
  both: 'Words and meaning',
};

/** "Advanced Search": the words inside the user's files (and their meaning), with the matches marked. */
export function ContentSearchDialog({ open, onClose, onOpenFile, onDownload }: ContentSearchDialogProps) {
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input.trim(), 300);
  const search = useContentSearch(q);
  const data = search.data;
  const { token } = theme.useToken();
  // The dialog renders outside the page: it carries the theme's colours itself (light and dark).
  const vars = {
    '--cs-border': token.colorBorderSecondary,
    '--cs-link': token.colorPrimaryText,
    '--cs-text2': token.colorTextSecondary,
    '--cs-mark': token.colorWarningBgHover,
    '--cs-mark-text': token.colorText,
  } as CSSProperties;

  let body: React.ReactNode;
  if (!q) {
    body = (
      <Typography.Paragraph type="secondary" className={styles.hint}>
        Finds files by the words inside them (documents, PDFs, notes) and by what they are about. Use quotes
        for a phrase, and a minus sign to leave a word out.
      </Typography.Paragraph>
    );
  } else if (search.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title="The search did not work"
        description={errorMessage(search.error)}
        action={
          <Button onClick={() => void search.refetch()} loading={search.isFetching}>
            Try again
          </Button>
        }
      />
    );
  } else if (!data) {
    body = (
      <div role="status" aria-busy="true" aria-label="Searching">
        <Skeleton active paragraph={{ rows: 2 }} />
        <Skeleton active paragraph={{ rows: 2 }} />
      </div>
    );
  } else if (data.items.length === 0) {
    body = (
      <EmptyPanel
        icon={<FileSearchOutlined />}
        title="No file matches"
        description={`Nothing inside your files mentions “${q}”.`}
        note={
          data.pendingFiles > 0
            ? `${data.pendingFiles} ${data.pendingFiles === 1 ? 'file is' : 'files are'} still being read and will be searchable shortly.`
            : undefined
        }
      />
    );
  } else {
    body = (
      <ul className={styles.results} aria-label="Search results" aria-busy={search.isFetching || undefined}>
        {data.items.map((hit) => (
          <li key={hit.fileId} className={styles.result}>
            <FileIcon mime={hit.mimeType} name={hit.fileName} size={32} />
            <div className={styles.resultBody}>
              <div className={styles.resultHead}>
                <button
                  type="button"
                  className={styles.fileName}
                  onClick={() => onOpenFile(hit.fileId, hit.fileName)}
                >
                  {hit.fileName}
                </button>
                <Tag className={styles.matchTag}>{MATCH_LABEL[hit.match]}</Tag>
              </div>
              <HighlightedSnippet snippet={hit.snippet} className={styles.snippet} />
            </div>
            <Tooltip title="Download">
              <Button
                type="text"
                icon={<DownloadOutlined />}
                aria-label={`Download ${hit.fileName}`}
                onClick={() => onDownload(hit.fileId, hit.fileName)}
              />
            </Tooltip>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title="Search inside files"
      width={760}
      className={styles.dialog}
      destroyOnHidden
    >
      <div style={vars}>
        <Input.Search
          autoFocus
          allowClear
          aria-label="Search inside files"
          placeholder="Words or a question, e.g. “invoice from March”"
          maxLength={CONTENT_SEARCH_QUERY_MAX}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onSearch={(v) => setInput(v)}
          loading={search.isFetching}
          className={styles.box}
        />
        {data && q && !data.meaning && (
          <Typography.Text type="secondary" className={styles.note}>
            Searching by words only: no embedding provider is available for meaning.
          </Typography.Text>
        )}
        <div className={styles.body}>{body}</div>
      </div>
    </Modal>
  );
}
