import { CodeOutlined } from '@ant-design/icons';
import { Typography } from 'antd';

/** A quiet note for people running Stratos themselves: without SMTP, codes go to the server log. */
export function LocalCodeHint() {
  return (
    <Typography.Paragraph type="secondary" style={{ fontSize: 12, textAlign: 'center', margin: '20px 0 0' }}>
      <CodeOutlined aria-hidden /> Running Stratos locally? The code is also printed in the server console.
    </Typography.Paragraph>
  );
}
