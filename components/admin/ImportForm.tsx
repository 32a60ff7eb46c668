'use client';

import { useState } from 'react';
import { exampleImport } from './admin-api';
import { button, card, input, subtle } from './styles';

type Props = { disabled: boolean; onImport(body: unknown): Promise<void>; onInvalid(message: string): void };

export function ImportForm({ disabled, onImport, onInvalid }: Props) {
  const [events, setEvents] = useState('');
  return (
    <form
      className={`${card} lg:col-span-2`}
      onSubmit={(event) => {
        event.preventDefault();
        try {
          void onImport(JSON.parse(events));
        } catch {
          onInvalid('The import must be JSON: {"events": [...]}');
        }
      }}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Bulk import</h2>
        <button
          type="button"
          className={subtle}
          onClick={() => setEvents(JSON.stringify(exampleImport(Date.now()), null, 2))}
        >
          Insert an example
        </button>
      </div>
      <textarea
        aria-label="Events to import (JSON)"
        value={events}
        onChange={(event) => setEvents(event.target.value)}
        rows={8}
        placeholder='{"events": [{"kind": "contribution", "id": "…", "name": "…", "amount": 10, "at": 1700000000000}]}'
        className={`${input} font-mono text-xs`}
      />
      <button className={button} disabled={disabled || !events}>
        Import
      </button>
    </form>
  );
}
