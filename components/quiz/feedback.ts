/**
 * What an answered question says: a headline (a Quiz message key), then the explanation. A wrong answer's headline
 * names the right one, so an explanation opening with that same answer ("Made up. …",
 * "WebAssembly: …") drops it; one that goes on about it ("429 (RFC 6585), …") is left to say it.
 */
export function feedbackOf(
  correct: boolean,
  rightChoice: string,
  explanation: string,
): { headline: 'correct' | 'notQuite' | 'notQuiteAnswer'; answer: string; detail: string } {
  if (correct) return { headline: 'correct', answer: rightChoice, detail: explanation };
  const escaped = rightChoice.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const opening = new RegExp(`^${escaped}[.:]\\s+`, 'i');
  if (opening.test(explanation)) {
    const detail = explanation.replace(opening, '');
    return {
      headline: 'notQuiteAnswer',
      answer: rightChoice,
      detail: detail.charAt(0).toUpperCase() + detail.slice(1),
    };
  }
  // An explanation that is a sentence about the answer ("429 (RFC 6585), usually…") names it itself.
  if (new RegExp(`^${escaped}\\b`, 'i').test(explanation))
    return { headline: 'notQuite', answer: rightChoice, detail: explanation };
  return { headline: 'notQuiteAnswer', answer: rightChoice, detail: explanation };
}
