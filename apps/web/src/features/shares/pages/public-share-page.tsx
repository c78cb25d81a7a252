import { ClockCircleOutlined, DisconnectOutlined, DownloadOutlined, LockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Skeleton, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { useSession } from '../../../lib/auth-session';
import { formatDateTime } from '../../../lib/date-format';
import { FileIcon } from '../../../lib/file-icon';
import { friendlyType } from '../../../lib/file-kind';
import { formatBytes } from '../../../lib/format-bytes';
import { LinkButton } from '../../../lib/link-button';
import { triggerDownload } from '../../../lib/trigger-download';
import { LINK_UNAVAILABLE, publicShareDownloadUrl, shareProblem, usePublicShare } from '../api/public-share';

function Frame({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section
      aria-labelledby="share-title"
      style={{
        maxWidth: 460,
        margin: 'clamp(8px, 4vw, 40px) auto',
        padding: 'clamp(24px, 5vw, 40px)',
        textAlign: 'center',
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: 20,
        boxShadow: token.boxShadowTertiary,
      }}
    >
      {children}
    </section>
  );
}

/** /s/:token: the public page of a shared file. No sign-in needed. */
export default function PublicSharePage() {
  const { token: shareToken = '' } = useParams();
  const { token } = theme.useToken();
  const session = useSession();
  const share = usePublicShare(shareToken);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ReturnType<typeof shareProblem> | null>(null);

  if (share.isPending)
    return (
      <Frame>
        <Skeleton.Avatar active shape="square" size={72} />
        <Skeleton active paragraph={{ rows: 3 }} style={{ marginTop: 20 }} />
      </Frame>
    );

  const loadProblem = share.isError ? shareProblem(share.error) : null;
  if (loadProblem || problem?.kind === 'unavailable' || !share.data) {
    const unavailable = !loadProblem || loadProblem.kind === 'unavailable' || problem?.kind === 'unavailable';
    return (
      <Frame>
        <div
          aria-hidden
          style={{
            width: 72,
            height: 72,
            margin: '0 auto 20px',
            borderRadius: 20,
            display: 'grid',
            placeItems: 'center',
            fontSize: 30,
            color: token.colorTextTertiary,
            background: token.colorFillTertiary,
          }}
        >
          <DisconnectOutlined />
        </div>
        <h1 id="share-title" style={{ fontSize: 22, margin: '0 0 8px', color: token.colorTextHeading }}>
          {unavailable ? LINK_UNAVAILABLE : 'We couldn’t open this link'}
        </h1>
        <p style={{ color: token.colorTextSecondary, margin: '0 0 24px' }}>
          {unavailable
            ? 'It may have expired or been revoked by the person who shared it. Ask them for a new link.'
            : loadProblem?.message}
        </p>
        {unavailable ? (
          <LinkButton to="/" type="primary">
            Go to Stratos
          </LinkButton>
        ) : (
          <Button type="primary" onClick={() => void share.refetch()}>
            Try again
          </Button>
        )}
      </Frame>
    );
  }

  const { file, requiresPassword, expiresAt } = share.data;
  const download = async () => {
    if (requiresPassword && !password) {
      setProblem({ kind: 'password', message: 'Enter the password to download this file' });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const url = await publicShareDownloadUrl(shareToken, requiresPassword ? password : undefined);
      triggerDownload(url, file.name);
    } catch (err) {
      setProblem(shareProblem(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Frame>
      <FileIcon
        mime={file.type}
        name={file.name}
        size={80}
        style={{ borderRadius: 22, margin: '0 auto 18px' }}
      />
      <p style={{ margin: '0 0 4px', color: token.colorTextTertiary, fontSize: 13, fontWeight: 500 }}>
        Someone shared a file with you
      </p>
      <h1
        id="share-title"
        style={{ fontSize: 22, margin: '0 0 6px', color: token.colorTextHeading, overflowWrap: 'anywhere' }}
      >
        {file.name}
      </h1>
      <p style={{ margin: 0, color: token.colorTextSecondary }}>
        {formatBytes(file.size)} · {friendlyType(file.type, file.name)}
      </p>
      <p style={{ margin: '6px 0 24px', color: token.colorTextTertiary, fontSize: 13 }}>
        <ClockCircleOutlined />{' '}
        {expiresAt ? `Link expires ${formatDateTime(expiresAt)}` : 'This link does not expire'}
      </p>
      <Form layout="vertical" onFinish={() => void download()} style={{ textAlign: 'left' }}>
        {requiresPassword && (
          <Form.Item
            label="Password"
            htmlFor="share-password"
            validateStatus={problem?.kind === 'password' ? 'error' : undefined}
            help={
              problem?.kind === 'password'
                ? problem.message
                : 'The person who shared this file set a password.'
            }
          >
            <Input.Password
              id="share-password"
              size="large"
              prefix={<LockOutlined style={{ opacity: 0.5 }} />}
              value={password}
              autoComplete="off"
              onChange={(e) => {
                setPassword(e.target.value);
                if (problem) setProblem(null);
              }}
            />
          </Form.Item>
        )}
        {problem?.kind === 'other' && (
          <Alert type="error" showIcon title={problem.message} style={{ marginBottom: 16 }} />
        )}
        <Button
          type="primary"
          size="large"
          block
          htmlType="submit"
          icon={<DownloadOutlined />}
          loading={busy}
        >
          Download
        </Button>
      </Form>
      {session.status === 'signedOut' && (
        <p style={{ margin: '24px 0 0', fontSize: 13, color: token.colorTextTertiary }}>
          Stratos keeps your files safe and easy to share.{' '}
          <LinkButton to="/register" type="link" size="small" style={{ padding: 0, height: 'auto' }}>
            Create a free account
          </LinkButton>
        </p>
      )}
    </Frame>
  );
}
