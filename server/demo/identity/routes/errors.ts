import { errors } from '../errors';
import type { Exchange } from '../exchange';
import type { Route } from '../flows/route';
import { IDENTITY_SCHEMA, SCHEMA_ID } from '../traits';
import { findFlowError } from '../store/flowErrors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function getFlowError(ex: Exchange): Promise<void> {
  const id = ex.query.id ?? ex.query.error ?? '';
  if (id === 'stub:500') {
    const at = ex.now.toISOString();
    ex.reply.code(200).send({
      id,
      error: {
        code: 500,
        status: 'Internal Server Error',
        reason: 'This is a stub error.',
        message: 'An internal server error occurred, please contact the system administrator',
      },
      created_at: at,
      updated_at: at,
    });
    return;
  }
  const stored = UUID.test(id) ? await findFlowError(ex.db, id) : null;
  if (!stored) throw errors.notFound();
  ex.reply.code(200).send(stored);
}

async function getSchema(ex: Exchange): Promise<void> {
  const { id } = ex.req.params as { id: string };
  const decoded = Buffer.from(id, 'base64url').toString('utf8');
  if (id !== SCHEMA_ID && decoded !== SCHEMA_ID) throw errors.notFound();
  ex.reply.code(200).send(IDENTITY_SCHEMA);
}

export function registerErrorRoutes(route: Route): void {
  route('GET', '/self-service/errors', getFlowError, { alwaysJson: true });
  route('GET', '/schemas/:id', getSchema, { alwaysJson: true });
}
