import { viewColumnOrigins } from '../../../server/demo/postgrest/schema/nodeTree';

/** `pg_rewrite.ev_action` of `CREATE VIEW v AS SELECT id AS vid, labels, 1 AS one FROM t`, trimmed. */
const VIEW_RULE =
  '({QUERY :commandType 1 :querySource 0 :canSetTag true :utilityStmt <> :cteList <> ' +
  ':rtable ({RANGETBLENTRY :alias <> :eref {ALIAS :aliasname t :colnames ("id" "labels")} :rtekind 0 :relid 16384}) ' +
  ':jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 1}) :quals <>} ' +
  ':targetList (' +
  '{TARGETENTRY :expr {VAR :varno 1 :varattno 1 :vartype 23 :varnullingrels (b) :location -1} :resno 1 :resname vid :ressortgroupref 0 :resorigtbl 16384 :resorigcol 1 :resjunk false} ' +
  '{TARGETENTRY :expr {VAR :varno 1 :varattno 2 :vartype 3802 :location -1} :resno 2 :resname labels :ressortgroupref 0 :resorigtbl 16384 :resorigcol 2 :resjunk false} ' +
  '{TARGETENTRY :expr {CONST :consttype 23 :constlen 4 :constbyval true :constisnull false :location 30 :constvalue 4 [ 1 0 0 0 0 0 0 0 ]} :resno 3 :resname one :ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false}' +
  ') :sortClause <> :limitCount <>})';

describe('view column origins', () => {
  it('maps each plain view column to its table column and skips computed ones', () => {
    expect(viewColumnOrigins(VIEW_RULE)).toEqual([
      { column: 'vid', relationOid: '16384', attnum: 1 },
      { column: 'labels', relationOid: '16384', attnum: 2 },
    ]);
  });

  it('reads escaped names', () => {
    const rule = VIEW_RULE.replace(':resname vid', ':resname my\\ col\\(1\\)');
    expect(viewColumnOrigins(rule)[0]?.column).toBe('my col(1)');
  });

  it('returns nothing for a tree without a query, and throws on a truncated one', () => {
    expect(viewColumnOrigins('({FOO :a 1})')).toEqual([]);
    expect(() => viewColumnOrigins(VIEW_RULE.slice(0, 200))).toThrow();
  });
});
