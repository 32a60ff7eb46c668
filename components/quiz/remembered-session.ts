/** The session in play, per tab, so a reload picks it up where it was (the server keeps it 15 minutes). */
const SESSION_STORAGE_KEY = 'crowdpulse:quiz-session';

export const rememberedSession = (): string | null => sessionStorage.getItem(SESSION_STORAGE_KEY);

/** Remembers the session in play, or forgets it (null) once it is submitted, expired or given up. */
export function remember(sessionId: string | null): void {
  if (sessionId) sessionStorage.setItem(SESSION_STORAGE_KEY, sessionId);
  else sessionStorage.removeItem(SESSION_STORAGE_KEY);
}
