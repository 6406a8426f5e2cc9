import { createHash } from 'node:crypto';
import type { EnvScope } from '../../db/env-scope';
import { canonicalJson } from './canonical-json';
import { type AuditEntryRow, stagesRepo } from './stages.repo';

/** The chain's first link points at this. */
export const genesisHash = '0'.repeat(64);

export const sha256Hex = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

type EntryContent = Pick<AuditEntryRow, 'seq' | 'at' | 'userId' | 'action' | 'recordId' | 'payload'>;

/** hash = SHA-256 of the previous hash, a newline and the entry's canonical JSON. */
export const entryHash = (prevHash: string, e: EntryContent): string =>
  sha256Hex(
    `${prevHash}\n${canonicalJson({
      seq: e.seq,
      at: e.at.toISOString(),
      userId: e.userId,
      action: e.action,
      recordId: e.recordId,
      payload: e.payload,
    })}`,
  );

/** Appends an entry to the environment's chain, inside the caller's transaction. */
export const appendAudit = async (
  scope: EnvScope,
  entry: { action: string; recordId: string | null; payload: Record<string, unknown>; at: Date },
): Promise<void> => {
  const repo = stagesRepo(scope);
  await repo.lockAudit();
  const last = await repo.lastAudit();
  const content: EntryContent = {
    seq: (last?.seq ?? 0) + 1,
    at: entry.at,
    userId: scope.userId,
    action: entry.action,
    recordId: entry.recordId,
    payload: entry.payload,
  };
  const prevHash = last?.hash ?? genesisHash;
  await repo.insertAudit({ ...content, prevHash, hash: entryHash(prevHash, content) });
};

type ChainCheck =
  | { ok: true; entries: number }
  | { ok: false; entries: number; brokenAt: number; reason: 'sequence' | 'prev_hash' | 'hash' };

/** Walks the chain from the start; the first entry whose link or content does not hold is reported. */
export const verifyAuditChain = async (scope: EnvScope): Promise<ChainCheck> => {
  const repo = stagesRepo(scope);
  let prevHash = genesisHash;
  let expectedSeq = 1;
  let checked = 0;
  for (;;) {
    const page = await repo.auditPage(expectedSeq - 1, 1000);
    if (page.length === 0) return { ok: true, entries: checked };
    for (const e of page) {
      if (e.seq !== expectedSeq) return { ok: false, entries: checked, brokenAt: expectedSeq, reason: 'sequence' };
      if (e.prevHash !== prevHash) return { ok: false, entries: checked, brokenAt: e.seq, reason: 'prev_hash' };
      if (entryHash(prevHash, e) !== e.hash) return { ok: false, entries: checked, brokenAt: e.seq, reason: 'hash' };
      prevHash = e.hash;
      expectedSeq += 1;
      checked += 1;
    }
  }
};
