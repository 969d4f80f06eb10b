import { z } from 'zod';
import { AiError } from './errors';
import { jsonAnswerInstructions, repairRequest } from './prompts/structured';
import type { ChatModel, StructuredRequest } from './types';

const schemaCache = new WeakMap<z.ZodType, unknown>();

/** The JSON Schema the model is shown: what it must write, i.e. the schema's input side. */
function jsonSchemaOf(schema: z.ZodType): unknown {
  let json = schemaCache.get(schema);
  if (json === undefined) {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
    });
    json = rest;
    schemaCache.set(schema, json);
  }
  return json;
}

/** The balanced JSON object or array starting at `start`, minding strings; null if unclosed. */
function balancedAt(text: string, start: number): string | null {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') stack.push(c === '{' ? '}' : ']');
    else if (c === '}' || c === ']') {
      if (stack.pop() !== c) return null;
      if (stack.length === 0) return text.slice(start, i + 1);
    }
  }
  return null;
}

/**
 * The JSON in a model's answer. Models wrap it in ```json fences, open with "Here is…", or (the
 * reasoning ones behind Ollama) think aloud in <think> tags first; all of that is tolerated.
 */
export function extractJson(
  answer: string,
): { ok: true; value: unknown } | { ok: false; problem: string } {
  const text = answer.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  if (text === '') return { ok: false, problem: 'The answer was empty.' };
  function* candidates() {
    yield text;
    for (const m of text.matchAll(/```[a-zA-Z]*\s*\n?([\s\S]*?)```/g)) if (m[1]) yield m[1].trim();
    for (let i = 0; i < text.length; i++) {
      if (text[i] !== '{' && text[i] !== '[') continue;
      const block = balancedAt(text, i);
      if (block) yield block;
    }
  }
  let problem = 'No JSON object or array was found in the answer.';
  for (const candidate of candidates()) {
    try {
      return { ok: true, value: JSON.parse(candidate) };
    } catch (error) {
      // Prose that merely contains JSON fails to parse as a whole; that is not the problem to report.
      if (candidate !== text || /^[[{]/.test(text))
        problem = `The JSON did not parse: ${(error as Error).message}`;
    }
  }
  return { ok: false, problem };
}

/** Validation problems as short lines the model can act on. */
function describeIssues(error: z.ZodError): string {
  const lines = error.issues.slice(0, 12).map((issue) => {
    const path = issue.path.length > 0 ? issue.path.join('.') : '(the whole value)';
    return `- ${path}: ${issue.message}`;
  });
  if (error.issues.length > 12) lines.push(`- … and ${error.issues.length - 12} more problems`);
  return lines.join('\n');
}

function check<T>(
  answer: string,
  schema: z.ZodType<T>,
): { ok: true; value: T } | { ok: false; problems: string } {
  const json = extractJson(answer);
  if (!json.ok) return { ok: false, problems: `- ${json.problem}` };
  const parsed = schema.safeParse(json.value);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, problems: describeIssues(parsed.error) };
}

/**
 * A completion whose answer is JSON validated by `request.schema`. The model is shown the shape as
 * a JSON Schema; an answer that does not parse or validate gets exactly one repair call with the
 * model's own answer and the problems, then the call fails with `invalid_output`.
 */
export async function completeStructured<T>(
  model: ChatModel,
  request: StructuredRequest<T>,
): Promise<T> {
  const { schema, name, ...call } = request;
  const instructions = jsonAnswerInstructions(name, jsonSchemaOf(schema));
  const system = call.system ? `${call.system}\n\n${instructions}` : instructions;

  const first = await model.complete({ ...call, system });
  const firstCheck = check(first.text, schema);
  if (firstCheck.ok) return firstCheck.value;

  const second = await model.complete({
    ...call,
    system,
    messages: [
      ...call.messages,
      // An empty assistant turn is refused by some APIs; the model still learns it said nothing.
      { role: 'assistant', content: first.text.trim() === '' ? '(no answer)' : first.text },
      { role: 'user', content: repairRequest(firstCheck.problems) },
    ],
  });
  const secondCheck = check(second.text, schema);
  if (secondCheck.ok) return secondCheck.value;
  throw new AiError(
    'invalid_output',
    `${model.provider}: the ${name} answer of ${second.model} was still invalid after one repair:\n${secondCheck.problems}`,
    { provider: model.provider },
  );
}
