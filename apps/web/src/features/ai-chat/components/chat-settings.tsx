import { Flex, Select, Slider, Switch, Typography } from 'antd';
import styles from './chat.module.css';

export const TEMPERATURE = { min: 0.1, max: 1, step: 0.1, initial: 0.8 } as const;

interface ChatSettingsProps {
  temperature: number;
  onTemperature(value: number): void;
  /** Models of the chosen provider; empty under Auto (the router picks the model too). */
  models: string[];
  model: string | null;
  onModel(model: string): void;
  /** Answer from the user's own files ("Use my files"). */
  useFiles: boolean;
  onUseFiles(on: boolean): void;
}

/** The settings panel: temperature 0.1-1.0 in steps of 0.1 (0.8 by default), the model, and "Use my files". */
export function ChatSettings({
  temperature,
  onTemperature,
  models,
  model,
  onModel,
  useFiles,
  onUseFiles,
}: ChatSettingsProps) {
  return (
    <div className={styles.settings}>
      <div className={styles.setting}>
        <Flex justify="space-between">
          <Typography.Text strong id="chat-temperature-label">
            Temperature
          </Typography.Text>
          <Typography.Text type="secondary">{temperature.toFixed(1)}</Typography.Text>
        </Flex>
        <Slider
          min={TEMPERATURE.min}
          max={TEMPERATURE.max}
          step={TEMPERATURE.step}
          value={temperature}
          onChange={(v) => onTemperature(Math.round(v * 10) / 10)}
          marks={{ 0.1: 'Precise', 1: 'Creative' }}
          aria-labelledby="chat-temperature-label"
          ariaLabelForHandle="Temperature"
          style={{ margin: '10px 24px 22px' }}
        />
      </div>
      <div className={styles.setting}>
        <Typography.Text strong>Model</Typography.Text>
        <Select
          aria-label="Model"
          value={model ?? undefined}
          placeholder={models.length ? 'Choose a model' : 'Chosen by the router'}
          disabled={models.length === 0}
          options={models.map((m) => ({ value: m, label: m }))}
          onChange={onModel}
          style={{ width: '100%', marginTop: 6 }}
        />
      </div>
      <div className={styles.setting}>
        <Flex justify="space-between" align="center" gap={12}>
          <Typography.Text strong id="chat-use-files-label">
            Use my files
          </Typography.Text>
          <Switch checked={useFiles} onChange={onUseFiles} aria-labelledby="chat-use-files-label" />
        </Flex>
        <Typography.Text type="secondary" className={styles.settingHint}>
          Answers draw on the text of your files and list them as sources.
        </Typography.Text>
      </div>
    </div>
  );
}
