import { startFakeOpenAi, systemText, type FakeOpenAi } from '@mnemo/testing/openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { aiEnvSchema, resolveAiConfig } from './env';
import { AiError } from './errors';
import { createOpenAiChatModel } from './providers/openai';
import { completeStructured, extractJson } from './structured';
import type { ChatModel } from './types';

let fake: FakeOpenAi;
let model: ChatModel;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  model = createOpenAiChatModel(
    resolveAiConfig(
      aiEnvSchema.parse({ AI_PROVIDER: 'openai', OPENAI_BASE_URL: fake.url, AI_MAX_RETRIES: '0' }),
    ),
  );
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const gradeSchema = z.object({
  verdict: z.string().min(1),
  score: z.number().min(0).max(10).describe('0-10'),
});
const request = {
  purpose: 'evaluation' as const,
  system: 'You grade answers.',
  messages: [{ role: 'user' as const, content: 'Grade: "Paris is the capital of France."' }],
  schema: gradeSchema,
  name: 'grade',
};

describe('completeStructured', () => {
  it('shows the model the JSON Schema and returns the validated answer', async () => {
    fake.replyJson({ verdict: 'right', score: 9 });
    await expect(completeStructured(model, request)).resolves.toEqual({
      verdict: 'right',
      score: 9,
    });
    const system = systemText(fake.requests[0]!);
    expect(system.startsWith('You grade answers.')).toBe(true);
    expect(system).toContain('"grade"');
    expect(system).toContain(
      '"score":{"type":"number","minimum":0,"maximum":10,"description":"0-10"}',
    );
    expect(fake.requests).toHaveLength(1);
  });

  it('tolerates a fenced answer with a lead-in', async () => {
    fake.replyJson({ verdict: 'right', score: 9 }, { fenced: true });
    await expect(completeStructured(model, request)).resolves.toEqual({
      verdict: 'right',
      score: 9,
    });
  });

  it('repairs an invalid answer once, showing the model its answer and the problems', async () => {
    fake.replyJson({ verdict: 'right', score: 12 });
    fake.replyJson({ verdict: 'right', score: 10 });
    await expect(completeStructured(model, request)).resolves.toEqual({
      verdict: 'right',
      score: 10,
    });
    const repair = fake.requests[1]!.body.messages;
    expect(repair.at(-2)).toEqual({ role: 'assistant', content: '{"verdict":"right","score":12}' });
    expect(repair.at(-1).role).toBe('user');
    expect(repair.at(-1).content).toMatch(/- score: .*10/);
  });

  it('fails with invalid_output when the repaired answer is still invalid', async () => {
    fake.replyText('I think it is right.');
    fake.replyText('Still prose, sorry.');
    const error = await completeStructured(model, request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiError);
    expect((error as AiError).kind).toBe('invalid_output');
    expect((error as AiError).message).toMatch(/grade answer .* still invalid after one repair/);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.body.messages.at(-1).content).toMatch(
      /No JSON object or array was found/,
    );
  });

  it('passes provider errors on without a repair call', async () => {
    fake.replyError({
      kind: 'error',
      status: 500,
      error: { message: 'boom', type: 'server_error' },
    });
    const error = await completeStructured(model, request).catch((e: unknown) => e);
    expect((error as AiError).kind).toBe('unavailable');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('extractJson', () => {
  it.each([
    ['plain JSON', '{"a":1}', { a: 1 }],
    [
      'a fenced block after prose',
      'Sure! Here it is:\n```json\n{"a":1}\n```\nHope that helps.',
      { a: 1 },
    ],
    ['a fence without a language', '```\n[1,2]\n```', [1, 2]],
    [
      'an object after a lead-in',
      'The result is {"a":"{not a brace}","b":[1]} as asked.',
      { a: '{not a brace}', b: [1] },
    ],
    ['reasoning before the answer', '<think>maybe {"a":0}?</think>\n{"a":2}', { a: 2 }],
  ])('finds the JSON in %s', (_name, text, value) => {
    expect(extractJson(text)).toEqual({ ok: true, value });
  });

  it('says why when there is none', () => {
    expect(extractJson('')).toEqual({ ok: false, problem: 'The answer was empty.' });
    expect(extractJson('no json here')).toEqual({
      ok: false,
      problem: 'No JSON object or array was found in the answer.',
    });
    const cut = extractJson('{"questions":[{"q":"What');
    expect(cut.ok).toBe(false);
    expect(!cut.ok && cut.problem).toMatch(/did not parse/);
  });
});
