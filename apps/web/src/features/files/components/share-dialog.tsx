import { CheckOutlined, CopyOutlined, LinkOutlined, LockOutlined } from '@ant-design/icons';
import type { FileItem } from '@stratos/contracts/files/file.schema';
import { createShareBodySchema, type ShareLink } from '@stratos/contracts/files/share.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Divider,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime, formatRelative } from '../../../lib/date-format';
import { absoluteShareUrl, createShare, revokeShare, sharesKey, useShares } from '../api/shares';

const EXPIRY_OPTIONS = [
  { value: 0, label: 'Never expires' },
  { value: 1, label: '1 hour' },
  { value: 24, label: '24 hours' },
  { value: 24 * 7, label: '7 days' },
  { value: 24 * 30, label: '30 days' },
];

function linkState(link: ShareLink, now = Date.now()): { label: string; color?: string } {
  if (link.revokedAt) return { label: 'Revoked', color: 'default' };
  if (link.expiresAt && Date.parse(link.expiresAt) <= now) return { label: 'Expired', color: 'default' };
  return { label: 'Active', color: 'green' };
}

function CopyField({ url }: { url: string }) {
  const { message } = App.useApp();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      message.success('Link copied');
      setTimeout(() => setCopied(false), 2000);
    } catch {
      message.info('Select the link and copy it');
    }
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input readOnly value={url} aria-label="Share link" onFocus={(e) => e.target.select()} />
      <Button
        type="primary"
        icon={copied ? <CheckOutlined /> : <CopyOutlined />}
        onClick={() => void copy()}
        style={{ flexShrink: 0 }}
      >
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </Space.Compact>
  );
}

interface ShareDialogProps {
  file: FileItem | null;
  onClose(): void;
}

/** Create a link (optional expiry and password), copy it, and see or revoke the file's other links. */
export function ShareDialog({ file, onClose }: ShareDialogProps) {
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [expiry, setExpiry] = useState(0);
  const [password, setPassword] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const shares = useShares(file !== null);

  useEffect(() => {
    if (!file) return;
    setExpiry(0);
    setPassword('');
    setCreated(null);
  }, [file]);

  const create = useMutation({
    mutationFn: () => {
      const body = createShareBodySchema.parse({
        expiresInHours: expiry > 0 ? expiry : undefined,
        password: password ? password : undefined,
      });
      return createShare(file?.id ?? '', body);
    },
    onSuccess: (reply) => {
      if (reply.share.url) setCreated(absoluteShareUrl(reply.share.url));
      void queryClient.invalidateQueries({ queryKey: sharesKey });
    },
  });
  const revoke = useMutation({
    mutationFn: revokeShare,
    onSuccess: () => {
      message.success('Link revoked');
      void queryClient.invalidateQueries({ queryKey: sharesKey });
    },
    onError: (err) => message.error(errorMessage(err)),
  });

  const passwordProblem =
    password.length > 0 && password.length < 4 ? 'Password must be at least 4 characters' : null;
  const links = (shares.data ?? []).filter((s) => s.fileId === file?.id);

  return (
    <Modal
      open={file !== null}
      title={file ? `Share “${file.name}”` : 'Share'}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Done</Button>}
      destroyOnHidden
      width={520}
    >
      {created ? (
        <div style={{ marginTop: 16 }}>
          <Alert
            type="success"
            showIcon
            title="Anyone with this link can download the file"
            description={
              [
                expiry > 0
                  ? `It stops working in ${EXPIRY_OPTIONS.find((o) => o.value === expiry)?.label}.`
                  : null,
                password ? 'They will need the password you set.' : null,
              ]
                .filter(Boolean)
                .join(' ') || undefined
            }
            style={{ marginBottom: 12 }}
          />
          <CopyField url={created} />
          <Button type="link" style={{ padding: 0, marginTop: 8 }} onClick={() => setCreated(null)}>
            Create another link
          </Button>
        </div>
      ) : (
        <Form
          layout="vertical"
          style={{ marginTop: 16 }}
          onFinish={() => !passwordProblem && create.mutate()}
        >
          <Flex gap={12} wrap>
            <Form.Item
              label="Link expires"
              htmlFor="share-expiry"
              style={{ flex: '1 1 180px', marginBottom: 12 }}
            >
              <Select
                value={expiry}
                onChange={setExpiry}
                options={EXPIRY_OPTIONS}
                aria-label="Link expires"
              />
            </Form.Item>
            <Form.Item
              label="Password (optional)"
              htmlFor="share-password"
              style={{ flex: '1 1 200px', marginBottom: 12 }}
              validateStatus={passwordProblem ? 'error' : undefined}
              help={passwordProblem ?? undefined}
            >
              <Input.Password
                id="share-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                placeholder="No password"
                autoComplete="new-password"
                maxLength={128}
              />
            </Form.Item>
          </Flex>
          {create.isError && (
            <Alert type="error" showIcon title={errorMessage(create.error)} style={{ marginBottom: 12 }} />
          )}
          <Button type="primary" htmlType="submit" icon={<LinkOutlined />} loading={create.isPending} block>
            Create link
          </Button>
        </Form>
      )}

      <Divider titlePlacement="start" style={{ margin: '24px 0 12px', fontSize: 14 }}>
        Links to this file
      </Divider>
      {shares.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : shares.isError ? (
        <Typography.Text type="secondary">{errorMessage(shares.error)}</Typography.Text>
      ) : links.length === 0 ? (
        <Typography.Text type="secondary">This file has not been shared yet.</Typography.Text>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
          {links.map((link) => {
            const state = linkState(link);
            const live = state.label === 'Active';
            return (
              <li
                key={link.id}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 12,
                  padding: '10px 12px',
                  border: `1px solid ${token.colorBorderSecondary}`,
                  borderRadius: token.borderRadius,
                }}
              >
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Flex gap={6} align="center" wrap>
                    <Typography.Text strong>Created {formatRelative(link.createdAt)}</Typography.Text>
                    <Tag color={state.color} style={{ margin: 0 }}>
                      {state.label}
                    </Tag>
                    {link.hasPassword && (
                      <Tag icon={<LockOutlined />} style={{ margin: 0 }}>
                        Password
                      </Tag>
                    )}
                  </Flex>
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    {link.expiresAt
                      ? `${live ? 'Expires' : 'Expired'} ${formatDateTime(link.expiresAt)}`
                      : 'Never expires'}{' '}
                    · {link.downloadCount} {link.downloadCount === 1 ? 'download' : 'downloads'}
                  </Typography.Text>
                </div>
                {live && (
                  <Popconfirm
                    title="Revoke this link?"
                    description="Anyone who has it will no longer be able to download the file."
                    okText="Revoke"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => revoke.mutateAsync(link.id)}
                  >
                    <Button danger size="small">
                      Revoke
                    </Button>
                  </Popconfirm>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
