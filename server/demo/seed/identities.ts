import { scryptSync } from 'node:crypto';
import { bulkInsert } from './bulk';
import type { SeedContext } from './context';
import { hex } from './helpers';
import { COLLEAGUE_PASSWORD, DEMO_ACCOUNTS } from './peopleCatalog';
import type { Rng } from './random';

/** A seeded person who can sign in. */
export interface IdentityPerson {
  id: string;
  name: string;
  email: string | null;
  role: string | null;
  created_at: Date;
  updated_at: Date;
}

const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 64 };

/** `scrypt$N$r$p$saltB64$hashB64`, the format the identity service verifies. */
export function scryptHash(password: string, salt: Buffer): string {
  const hash = scryptSync(password, salt, SCRYPT.keyLength, {
    N: SCRYPT.N,
    r: SCRYPT.r,
    p: SCRYPT.p,
    maxmem: 128 * SCRYPT.N * SCRYPT.r * 2 + 1024 * 1024,
  });
  return [
    'scrypt',
    SCRYPT.N,
    SCRYPT.r,
    SCRYPT.p,
    salt.toString('base64'),
    hash.toString('base64'),
  ].join('$');
}

function saltFrom(rng: Rng): Buffer {
  return Buffer.from(hex(rng, 32), 'hex');
}

/** One identity per person with an email, with the password hash the identity service checks. */
export async function seedIdentities(
  ctx: SeedContext,
  humans: readonly IdentityPerson[],
): Promise<void> {
  const { db, rng } = ctx;
  const passwords = new Map(DEMO_ACCOUNTS.map((account) => [account.email, account.password]));
  const hashes = new Map<string, string>();
  const hashOf = (password: string): string => {
    let hash = hashes.get(password);
    if (!hash) {
      hash = scryptHash(password, saltFrom(rng));
      hashes.set(password, hash);
    }
    return hash;
  };
  const { rows: columns } = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = 'demo_identities'`,
  );
  const present = new Set(columns.map((column) => column.column_name));
  const types: Record<string, string> = {
    id: 'uuid',
    person_id: 'uuid',
    traits: 'jsonb',
    password_hash: 'text',
    verified: 'boolean',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  };
  if (present.has('role')) types.role = 'text';
  if (present.has('verified_at')) types.verified_at = 'timestamptz';
  const rows = humans.map((person) => {
    const [first = person.name, ...rest] = person.name.split(' ');
    const email = person.email as string;
    return {
      id: person.id,
      person_id: person.id,
      traits: { email, name: { first, last: rest.join(' ') } },
      password_hash: hashOf(passwords.get(email) ?? COLLEAGUE_PASSWORD),
      verified: true,
      verified_at: person.created_at,
      role: person.role,
      created_at: person.created_at,
      updated_at: person.updated_at,
    };
  });
  await bulkInsert(db, 'demo_identities', types, rows);
}
