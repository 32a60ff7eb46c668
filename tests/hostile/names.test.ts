import { describe, expect, it } from 'vitest';
import { contributionInputSchema, newsInputSchema } from '../../lib/live-events/schemas';
import { submitInputSchema } from '../../lib/quiz/schemas';

const refused = ['\u200b', '\u200b\u200c\u200d', 'evil\u202Egnp.exe', '\u2066name\u2069', 'a\u00adb', ' \u3000 ', '\ufeff'];
const accepted = ['Ada', 'Zoë', '李雷', 'محمد', '👍', 'O’Brien', 'x'];

describe('names with format characters or nothing visible are refused', () => {
  it.each(refused)('refuses %j everywhere a name is taken', (name) => {
    expect(contributionInputSchema.safeParse({ name, amount: 5 }).success).toBe(false);
    expect(submitInputSchema.safeParse({ name }).success).toBe(false);
    expect(newsInputSchema.safeParse({ title: name, url: 'https://example.com' }).success).toBe(false);
  });

  it.each(accepted)('accepts %j', (name) => {
    expect(contributionInputSchema.safeParse({ name, amount: 5 }).success).toBe(true);
    expect(submitInputSchema.safeParse({ name }).success).toBe(true);
  });
});
