import type { WorkbenchOptions } from '@stratos/contracts/ai/workbench.schema';
import { WORKBENCH_MAX_TOKENS } from '@stratos/contracts/ai/workbench.schema';
import { Card, Col, Flex, Form, Input, InputNumber, Row, Select, Slider, Typography } from 'antd';
import { ProviderIcon } from '../../../lib/ai/provider-icon';

export interface WorkbenchSettings {
  /** '' = the router's choice. */
  provider: string;
  model: string;
  temperature: number;
  maxTokens: number;
  system: string;
}

export const AUTO = '';

/** Provider, model, temperature, output cap and system prompt of the next run. */
export function SettingsCard({
  options,
  value,
  onChange,
  disabled,
}: {
  options: WorkbenchOptions;
  value: WorkbenchSettings;
  onChange: (next: WorkbenchSettings) => void;
  disabled: boolean;
}) {
  const provider = options.providers.find((p) => p.id === value.provider);
  const set = (patch: Partial<WorkbenchSettings>) => onChange({ ...value, ...patch });
  return (
    <Card title="Settings">
      <Form layout="vertical" disabled={disabled} requiredMark={false}>
        <Form.Item label="Provider" htmlFor="wb-provider">
          <Select
            id="wb-provider"
            data-testid="wb-provider"
            value={value.provider}
            onChange={(id: string) => {
              const p = options.providers.find((x) => x.id === id);
              set({ provider: id, model: p?.defaultModel ?? '' });
            }}
            options={[
              { value: AUTO, label: 'Automatic (router order)' },
              ...options.providers.map((p) => ({
                value: p.id,
                disabled: !p.available,
                label: (
                  <Flex align="center" gap={8} style={{ minWidth: 0 }}>
                    <ProviderIcon icon={p.id} size={18} />
                    <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{p.name}</span>
                    {!p.available && (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                        {p.reason}
                      </Typography.Text>
                    )}
                  </Flex>
                ),
              })),
            ]}
          />
        </Form.Item>
        <Form.Item
          label="Model"
          htmlFor="wb-model"
          extra={provider ? undefined : 'The router picks the provider and its model'}
        >
          <Select
            id="wb-model"
            data-testid="wb-model"
            value={provider ? value.model : undefined}
            placeholder="Router's choice"
            disabled={disabled || !provider}
            onChange={(model: string) => set({ model })}
            options={(provider?.models ?? []).map((m) => ({ value: m, label: m }))}
          />
        </Form.Item>
        <Form.Item label={`Temperature: ${value.temperature.toFixed(1)}`} htmlFor="wb-temperature">
          <Row gutter={12} align="middle">
            <Col flex="auto">
              <Slider
                min={0}
                max={2}
                step={0.1}
                value={value.temperature}
                onChange={(t) => set({ temperature: t })}
                aria-label="Temperature"
              />
            </Col>
            <Col flex="88px">
              <InputNumber
                id="wb-temperature"
                min={0}
                max={2}
                step={0.1}
                precision={1}
                value={value.temperature}
                onChange={(t) => set({ temperature: typeof t === 'number' ? t : 0.7 })}
                style={{ width: '100%' }}
              />
            </Col>
          </Row>
        </Form.Item>
        <Form.Item label="Max tokens" htmlFor="wb-max-tokens">
          <InputNumber
            id="wb-max-tokens"
            min={1}
            max={WORKBENCH_MAX_TOKENS}
            precision={0}
            value={value.maxTokens}
            onChange={(n) => set({ maxTokens: typeof n === 'number' ? n : 512 })}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item label="System prompt" htmlFor="wb-system" style={{ marginBottom: 0 }}>
          <Input.TextArea
            id="wb-system"
            value={value.system}
            onChange={(e) => set({ system: e.target.value })}
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={8000}
            placeholder="Optional: how the model should behave"
          />
        </Form.Item>
      </Form>
    </Card>
  );
}
