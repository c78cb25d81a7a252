import { FileSearchOutlined, HomeOutlined } from '@ant-design/icons';
import { PlainLinkButton } from '../../lib/plain-link-button';
import { StatusView } from './status-view';

export function NotFoundPage() {
  return (
    <StatusView
      visual={<FileSearchOutlined style={{ fontSize: 72 }} />}
      title="404 Not Found"
      description="The page you are looking for does not exist."
      actions={
        <PlainLinkButton to="/" variant="primary" icon={<HomeOutlined />}>
          Back to home
        </PlainLinkButton>
      }
    />
  );
}
