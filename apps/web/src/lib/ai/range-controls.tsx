import { Flex, Input, Segmented } from 'antd';
import { useIsDark } from '../use-is-dark';
import { type AiRange, lastDays, presetOf, RANGE_PRESETS } from './ai-range';

/** Presets (7, 30, 90 days) and the two ends of a custom range, as native date inputs. */
export function RangeControls({ value, onChange }: { value: AiRange; onChange: (r: AiRange) => void }) {
  const preset = presetOf(value);
  // The native date inputs draw their calendar icon for the colour scheme they are told.
  const colorScheme = useIsDark() ? 'dark' : 'light';
  return (
    <Flex gap={8} wrap align="center">
      <Segmented
        aria-label="Range"
        value={preset ?? 'custom'}
        options={[
          ...RANGE_PRESETS.map((d) => ({ label: `${d} days`, value: d })),
          { label: 'Custom', value: 'custom', disabled: true },
        ]}
        onChange={(v) => typeof v === 'number' && onChange(lastDays(v))}
      />
      <Flex gap={6} align="center">
        <Input
          type="date"
          aria-label="From"
          value={value.from}
          max={value.to}
          style={{ width: 150, colorScheme }}
          onChange={(e) => e.target.value && onChange({ ...value, from: e.target.value })}
        />
        <span aria-hidden>–</span>
        <Input
          type="date"
          aria-label="To"
          value={value.to}
          min={value.from}
          style={{ width: 150, colorScheme }}
          onChange={(e) => e.target.value && onChange({ ...value, to: e.target.value })}
        />
      </Flex>
    </Flex>
  );
}
