import { PostgrestError } from './errors';
import type { Routine, SchemaCache } from './schema/model';
import type { BuildContext } from './sql/params';
import { ident } from './sql/params';
import { valueSql } from './sql/values';

export function routineNotFound(
  cache: SchemaCache,
  name: string,
  argNames: string[],
): PostgrestError {
  const list = argNames.join(', ');
  return new PostgrestError(
    404,
    'PGRST202',
    `Could not find the function ${cache.schema}.${name}(${list}) in the schema cache`,
    `Searched for the function ${cache.schema}.${name} with parameters ${list === '' ? 'none' : list}, but no matches were found in the schema cache.`,
  );
}

/**
 * Picks the overload of `name` whose parameters cover the given argument names and whose
 * required parameters are all given; the one using the most arguments wins.
 */
export function chooseRoutine(
  cache: SchemaCache,
  name: string,
  given: string[],
  exact: boolean,
): Routine {
  const candidates = (cache.routines.get(name) ?? []).filter((routine) => {
    const names = new Set(routine.args.map((a) => a.name));
    if (exact && given.some((g) => !names.has(g))) return false;
    return routine.args.every((a) => a.hasDefault || given.includes(a.name));
  });
  const used = (routine: Routine): number =>
    routine.args.filter((a) => given.includes(a.name)).length;
  const best = Math.max(-1, ...candidates.map(used));
  const winners = candidates.filter((r) => used(r) === best);
  const [winner] = winners;
  if (winner === undefined) throw routineNotFound(cache, name, given);
  if (winners.length > 1) {
    throw new PostgrestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${winners
        .map(
          (r) =>
            `${cache.schema}.${name}(${r.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`,
        )
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  return winner;
}

/**
 * `"schema"."fn"("a" := $1::uuid, ...)` with named arguments. Query-string values are text
 * read by the parameter type's input function; JSON body values are converted like columns.
 */
export function callSql(
  context: BuildContext,
  routine: Routine,
  args: Map<string, unknown>,
  fromQueryString: boolean,
): string {
  const parts: string[] = [];
  for (const arg of routine.args) {
    if (!args.has(arg.name)) continue;
    const value = args.get(arg.name);
    const sql =
      fromQueryString && typeof value === 'string'
        ? `${context.params.add(value)}::${arg.type}`
        : valueSql(context, arg, value);
    parts.push(`${arg.variadic ? 'VARIADIC ' : ''}${ident(arg.name)} := ${sql}`);
  }
  return `${ident(context.schema)}.${ident(routine.name)}(${parts.join(', ')})`;
}
