import { CloseCircleFilled, ReloadOutlined } from '@ant-design/icons';
import { MERCH_MESSAGES } from '@stratos/contracts/merch/merch-constants';
import { theme } from 'antd';
import type { CSSProperties } from 'react';
import styles from '../merch.module.css';
import { StoreButton } from './store-button';

export function StoreLoading() {
  const { token } = theme.useToken();
  const bar = { '--from': token.colorFillSecondary, '--to': token.colorFill } as CSSProperties;
  return (
    <div role="status" aria-busy="true" aria-label="Loading merchandise">
      <div
        className="stratos-skeleton-bar"
        style={{ ...bar, height: 180, borderRadius: 16, marginBottom: 32 }}
      />
      <div className={styles.grid}>
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={i}>
            <div
              className="stratos-skeleton-bar"
              style={{ ...bar, aspectRatio: '1 / 1', borderRadius: 12 }}
            />
            <div
              className="stratos-skeleton-bar"
              style={{ ...bar, height: 16, width: '60%', marginTop: 12, borderRadius: 4 }}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The spec's error state: its message and a Try Again that fetches again. */
export function StoreError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { token } = theme.useToken();
  return (
    <div role="alert" className={styles.errorState}>
      <CloseCircleFilled aria-hidden style={{ fontSize: 56, color: token.colorError }} />
      <h1 style={{ fontSize: 22, margin: '16px 0 20px', color: token.colorTextHeading }}>
        {MERCH_MESSAGES.loadFailed}
      </h1>
      <StoreButton
        variant="primary"
        icon={<ReloadOutlined spin={retrying} />}
        onClick={onRetry}
        disabled={retrying}
      >
        Try Again
      </StoreButton>
    </div>
  );
}
