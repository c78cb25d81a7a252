import {
  CloudServerOutlined,
  DesktopOutlined,
  GoogleOutlined,
  OpenAIOutlined,
  RobotOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Each provider's mark: its brand icon where antd has one, a neutral one otherwise. */
const ICONS: Record<string, { icon: ReactNode; color: string }> = {
  ollama: { icon: <DesktopOutlined />, color: '#13a8a8' },
  openai: { icon: <OpenAIOutlined />, color: '#10a37f' },
  anthropic: { icon: <span style={{ fontWeight: 700, fontSize: '0.9em' }}>A</span>, color: '#d97757' },
  google: { icon: <GoogleOutlined />, color: '#4285f4' },
  huggingface: { icon: <CloudServerOutlined />, color: '#f5a623' },
  assistant: { icon: <RobotOutlined />, color: '#8c8c8c' },
  auto: { icon: <ThunderboltOutlined />, color: '#1890ff' },
};

export function ProviderIcon({ icon, size = 28 }: { icon: string; size?: number }) {
  const mark = ICONS[icon] ?? ICONS.assistant;
  return (
    <span
      aria-hidden
      style={{
        width: size,
        height: size,
        flex: 'none',
        borderRadius: size / 3.5,
        display: 'inline-grid',
        placeItems: 'center',
        fontSize: size * 0.55,
        color: '#fff',
        background: mark?.color,
      }}
    >
      {mark?.icon}
    </span>
  );
}
