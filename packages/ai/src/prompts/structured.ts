/**
 * The words around a structured call: how to answer in JSON, and how to fix an answer that did
 * not validate.
 */
export function jsonAnswerInstructions(name: string, jsonSchema: unknown): string {
  return (
    'Answer with one JSON value and nothing else: no prose before or after it and no Markdown ' +
    `code fence. The JSON ("${name}") must match this JSON Schema:\n${JSON.stringify(jsonSchema)}`
  );
}

export function repairRequest(problems: string): string {
  return (
    `Your answer could not be used:\n${problems}\n\n` +
    'Answer again with the complete corrected JSON only, matching the schema.'
  );
}
