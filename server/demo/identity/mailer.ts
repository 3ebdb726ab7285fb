import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { SqlClient } from '../db/types';
import { storeMessage } from './store/courier';

/** One-time codes sent by email: six digits, stored only as a hash. */
export function newEmailCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashEmailCode(code: string): string {
  return createHash('sha256').update(code.trim()).digest('hex');
}

export function emailCodeMatches(hash: string, submitted: string): boolean {
  const actual = Buffer.from(hashEmailCode(submitted));
  const expected = Buffer.from(hash);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export type CodePurpose = 'recovery' | 'verification';

const SUBJECTS: Record<CodePurpose, string> = {
  recovery: 'Recover access to your account',
  verification: 'Please verify your email address',
};

/** "Sends" a code: stores it in the demo mailbox and prints a line to the log. */
export async function sendCodeMessage(
  db: SqlClient,
  log: (line: string) => void,
  message: {
    purpose: CodePurpose;
    recipient: string;
    code: string;
    lifetimeMinutes: number;
    now: Date;
  },
): Promise<void> {
  const action =
    message.purpose === 'recovery' ? 'regain access to your account' : 'confirm this email address';
  const body = [
    'Hello,',
    '',
    `Enter the code ${message.code} to ${action}.`,
    `The code is valid for ${message.lifetimeMinutes} minutes.`,
    '',
    'If you did not ask for it, you can ignore this message.',
  ].join('\n');
  const subject = SUBJECTS[message.purpose];
  await storeMessage(db, {
    recipient: message.recipient,
    subject,
    body,
    code: message.code,
    now: message.now,
  });
  log(`[mailbox] ${message.purpose} code for ${message.recipient}: ${message.code}`);
}
