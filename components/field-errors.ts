/**
 * Form errors in a visitor's words. The API says what is wrong for a developer ("name: must not
 * be empty", with `field`); a form shows it beside that field as a sentence, with the field marked.
 */

/** A field's problem, said plainly; `what` names the field ("a name", "an amount"). */
export function plainProblem(message: string, what: string): string {
  const text = message.replace(/^[\w.]+: /, '');
  const most = /at most (\d+) characters/.exec(text);
  if (most) return `That is too long: use at most ${most[1]} characters.`;
  if (/must not be empty|Required|expected/i.test(text)) return `Enter ${what}.`;
  if (/control characters|invisible formatting|visible character/.test(text))
    return `Use letters, digits or punctuation for ${what}.`;
  if (/too big|<=|at most/i.test(text)) return `That is more than one contribution can be: enter a smaller amount.`;
  if (/too small|>=|whole/i.test(text)) return `Enter a whole amount of at least €1.`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The field an API error names (`error.field`, else the message's prefix), if any. */
export function fieldOf(body: { error?: { field?: string; message?: string } } | null): string | undefined {
  return body?.error?.field ?? /^(\w+): /.exec(body?.error?.message ?? '')?.[1];
}
