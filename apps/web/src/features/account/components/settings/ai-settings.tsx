import type { Preferences } from '@stratos/contracts/preferences/preferences.schema';
import { Alert, Input, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { SettingRow } from './setting-row';
import { SettingsSection } from './settings-section';
import { useSavePreference } from './use-save-preference';

const PROVIDERS = [
  { value: 'auto', label: 'Automatic' },
  { value: 'openai', label: 'OpenAI' },
  { value: 'anthropic', label: 'Anthropic' },
  { value: 'google', label: 'Google' },
  { value: 'ollama', label: 'Ollama' },
  { value: 'huggingface', label: 'Hugging Face' },
];

/** A text setting saved when the field loses focus or Enter is pressed, not on every key. */
function ModelInput({
  value,
  disabled,
  onSave,
}: {
  value: string;
  disabled: boolean;
  onSave: (v: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    const next = draft.trim();
    if (next && next !== value) onSave(next);
    else setDraft(value);
  };
  return (
    <Input
      aria-labelledby="pref-ai-model"
      value={draft}
      disabled={disabled}
      maxLength={100}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
      style={{ width: 240, maxWidth: '100%' }}
    />
  );
}

/** The assistant's defaults: on or off, which provider and model, and what it does unasked. */
export function AiSettings({ prefs }: { prefs: Preferences }) {
  const save = useSavePreference();
  const off = !prefs.ai.enabled;
  return (
    <SettingsSection
      title="AI assistant"
      notInUse="Stratos keeps these defaults with your account, but the chat and the analysis of your files do not read them yet. Choose the provider in the chat itself."
    >
      <SettingRow
        label="AI features"
        labelId="pref-ai-enabled"
        description="Turn the assistant and AI analysis on or off."
      >
        <Switch
          aria-labelledby="pref-ai-enabled"
          checked={prefs.ai.enabled}
          onChange={(enabled) => void save({ ai: { enabled } })}
        />
      </SettingRow>
      <SettingRow
        label="Provider"
        labelId="pref-ai-provider"
        description="Automatic picks the best available provider for each request."
      >
        <Select
          aria-labelledby="pref-ai-provider"
          value={prefs.ai.provider}
          options={
            PROVIDERS.some((p) => p.value === prefs.ai.provider)
              ? PROVIDERS
              : [...PROVIDERS, { value: prefs.ai.provider, label: prefs.ai.provider }]
          }
          disabled={off}
          onChange={(provider) => void save({ ai: { provider } })}
          style={{ width: 240, maxWidth: '100%' }}
        />
      </SettingRow>
      <SettingRow
        label="Model"
        labelId="pref-ai-model"
        description="The model to prefer when the provider offers several."
      >
        <ModelInput value={prefs.ai.model} disabled={off} onSave={(model) => void save({ ai: { model } })} />
      </SettingRow>
      <SettingRow
        label="Suggestions"
        labelId="pref-ai-suggest"
        description="Suggest tags, folders and next steps as you work."
      >
        <Switch
          aria-labelledby="pref-ai-suggest"
          checked={prefs.ai.auto_suggestions}
          disabled={off}
          onChange={(auto_suggestions) => void save({ ai: { auto_suggestions } })}
        />
      </SettingRow>
      <SettingRow
        label="Smart categorisation"
        labelId="pref-ai-categorize"
        description="Sort new uploads into categories automatically."
      >
        <Switch
          aria-labelledby="pref-ai-categorize"
          checked={prefs.ai.smart_categorization}
          disabled={off}
          onChange={(smart_categorization) => void save({ ai: { smart_categorization } })}
        />
      </SettingRow>
      <SettingRow
        label="Use my files in chat"
        labelId="pref-ai-use-files"
        description="Chat answers draw on the text of your files and list them as sources (also in the chat's settings)."
      >
        <Switch
          aria-labelledby="pref-ai-use-files"
          checked={prefs.ai.use_files ?? true}
          disabled={off}
          onChange={(use_files) => void save({ ai: { use_files } })}
        />
      </SettingRow>
      <Alert
        type="info"
        showIcon
        style={{ margin: '8px 0 16px' }}
        title="Which providers answer depends on the API keys configured on the server."
      />
    </SettingsSection>
  );
}
