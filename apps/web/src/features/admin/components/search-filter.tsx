import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';

interface SearchFilterProps {
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
}

/** The free-text search above an admin table. */
export function SearchFilter({ label, placeholder, value, onChange }: SearchFilterProps) {
  return (
    <Input
      allowClear
      aria-label={label}
      placeholder={placeholder}
      prefix={<SearchOutlined aria-hidden />}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      style={{ flex: '1 1 260px', maxWidth: 420 }}
    />
  );
}
