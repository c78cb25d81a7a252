import { LoginOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Result, Skeleton } from 'antd';
import { errorMessage } from '../../../lib/api-error';
import { LinkButton } from '../../../lib/link-button';

/** A two-column page's placeholder while the catalogue loads. */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <Flex gap={24} wrap role="status" aria-busy="true" aria-label={label}>
      <Card style={{ flex: '1 1 320px' }}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
      <Card style={{ flex: '1 1 320px' }}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    </Flex>
  );
}

/** A failed load with the spec's message and a retry. */
export function LoadFailed({
  title,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const detail = errorMessage(error, '');
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={detail && detail !== title ? detail : 'Check your connection and try again.'}
      action={
        <Button icon={<ReloadOutlined aria-hidden />} onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      }
    />
  );
}

/** Paying needs an account: sign in (or create one) and come back to `back`. */
export function SignInToContinue({
  back,
  registerTo,
  title,
  text,
}: {
  back: string;
  registerTo: string;
  title: string;
  text: string;
}) {
  const to = `/login?redirect=${encodeURIComponent(back)}`;
  return (
    <Card>
      <Result
        icon={<LoginOutlined aria-hidden />}
        title={title}
        subTitle={text}
        extra={
          <Flex gap={8} justify="center" wrap>
            <LinkButton to={to} type="primary">
              Sign In
            </LinkButton>
            <LinkButton to={registerTo}>Create an account</LinkButton>
          </Flex>
        }
      />
    </Card>
  );
}
