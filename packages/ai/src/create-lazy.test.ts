import { describe, expect, it, vi } from 'vitest';
import { createAi } from './create';
import { aiEnvSchema, resolveAiConfig } from './env';

// Counts the imports of the remote providers' modules (each loads its SDK), leaving them as they are.
const imported = vi.hoisted(() => ({ openai: 0, anthropic: 0 }));
vi.mock('./providers/openai', async (original) => {
  imported.openai++;
  return original();
});
vi.mock('./providers/anthropic', async (original) => {
  imported.anthropic++;
  return original();
});

const aiFrom = (env: Record<string, string>) => createAi(resolveAiConfig(aiEnvSchema.parse(env)));

describe('the remote providers SDKs', () => {
  it('are loaded only when the configuration names their provider', async () => {
    const offline = aiFrom({});
    await offline.embedder.embed(['nothing remote here']);
    // Time for a background import to have begun, had one been started.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(imported).toEqual({ openai: 0, anthropic: 0 });

    aiFrom({ ANTHROPIC_API_KEY: 'sk-ant', AI_PROVIDER: 'anthropic' });
    await vi.waitFor(() => expect(imported).toEqual({ openai: 0, anthropic: 1 }));

    aiFrom({ OPENAI_API_KEY: 'sk-test', EMBEDDINGS_PROVIDER: 'openai', AI_PROVIDER: 'local' });
    await vi.waitFor(() => expect(imported).toEqual({ openai: 1, anthropic: 1 }));
  });
});
