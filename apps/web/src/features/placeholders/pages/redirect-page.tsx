import { Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Replaces itself with `to` (e.g. /settings/billing -> /settings?tab=billing) and says so meanwhile. */
export default function RedirectPage({ to, message }: { to: string; message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return (
    <div role="status" style={{ minHeight: '40vh', display: 'grid', placeItems: 'center', gap: 12 }}>
      <div style={{ textAlign: 'center' }}>
        <Spin />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {message}
        </Typography.Paragraph>
      </div>
    </div>
  );
}
