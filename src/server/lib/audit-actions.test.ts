import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_LABELS } from '../../shared/audit-actions.js';

const SERVER = path.resolve(import.meta.dirname, '..');

/** Every action the server writes to the audit log, from its source. */
function auditedActions(): Set<string> {
  const actions = new Set<string>();
  for (const entry of readdirSync(SERVER, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const match of text.matchAll(/action: '([a-z_]+\.[a-z_]+)'/g)) actions.add(match[1]!);
  }
  return actions;
}

describe('the audit log’s words', () => {
  it('has staff’s words for every action the server records', () => {
    const actions = auditedActions();
    expect(actions.size).toBeGreaterThan(20);
    expect([...actions].filter((action) => !ACTION_LABELS[action])).toEqual([]);
  });
});
