import type { AiCallableProvider, AiProviderRecord } from '@stratos/contracts/ai/providers.schema';
import { AI_CALLABLE_PROVIDERS } from '@stratos/contracts/ai/providers.schema';
import { useMemo, useState } from 'react';
import { AUTO_PROVIDER, modelChoices, preferredLocalModel } from '../../../lib/ai/provider-status';
import { useAiProviders } from '../api/providers';

export type ChatMode = 'enhanced' | 'fixed';

const callable = (id: string): id is AiCallableProvider =>
  (AI_CALLABLE_PROVIDERS as readonly string[]).includes(id);

/**
 * The provider and model a chat page sends with each question. Enhanced chat: every provider plus
 * Auto (the default; the router chooses). Fixed chat: the local model service (Ollama) only.
 */
export function useProviderChoice(mode: ChatMode) {
  const providers = useAiProviders();
  const [chosen, setChosen] = useState<string>(mode === 'fixed' ? 'ollama' : AUTO_PROVIDER);
  const [modelPick, setModelPick] = useState<Record<string, string>>({});

  const all = providers.data ?? [];
  const listed: AiProviderRecord[] = mode === 'fixed' ? all.filter((p) => p.id === 'ollama') : all;
  const current = listed.find((p) => p.id === chosen) ?? null;

  const models = useMemo(() => (current ? modelChoices(current) : []), [current]);
  const defaultModel = current
    ? current.id === 'ollama'
      ? preferredLocalModel(current)
      : current.defaultModel && models.includes(current.defaultModel)
        ? current.defaultModel
        : (models[0] ?? current.defaultModel)
    : null;
  const model = current ? (modelPick[current.id] ?? defaultModel) : null;

  return {
    query: providers,
    listed,
    chosen,
    choose: setChosen,
    current,
    models,
    model,
    chooseModel: (m: string) => current && setModelPick((p) => ({ ...p, [current.id]: m })),
    /** What goes in the request: nothing under Auto. */
    request: {
      provider: current && callable(current.id) ? current.id : undefined,
      model: model ?? undefined,
    },
  };
}
