'use client';

import { ErrorMessage } from '@/components/errors/ErrorPanel';
import './globals.css';

/** The root layout itself failed: this replaces it, so it brings its own document, styles and a full reload. */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 px-4 py-10 font-sans text-ink antialiased dark:bg-slate-950 dark:text-slate-100">
        <title>Something went wrong · crowdpulse</title>
        <ErrorMessage digest={error.digest} onRetry={() => window.location.reload()} />
      </body>
    </html>
  );
}
