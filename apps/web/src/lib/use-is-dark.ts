import { theme } from 'antd';

/** True under the dark algorithm; read from the active tokens so features need not know the app's store. */
export function useIsDark(): boolean {
  const { token } = theme.useToken();
  const hex = token.colorBgBase.replace('#', '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex.slice(0, 6);
  const n = Number.parseInt(full, 16);
  if (Number.isNaN(n)) return false;
  const luminance = 0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255);
  return luminance < 128;
}
